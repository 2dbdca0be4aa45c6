import { VIDEO_DEFAULTS } from './defaults.js';
import { fieldOf, isRecord } from './raw-value.js';
import { resolveGroup } from './resolve-group.js';
import type { ResolvedVideo } from './video-data.js';

/**
 * Reads the video group of `window.mesuraData` (§3) with the defaults of §5; `undefined` when the
 * page has no video group (an object). Apart from `readDataLayer` because only the media tracker
 * needs it: the page bundle would otherwise carry the video defaults on every page.
 */
export function readVideoData(raw: unknown): ResolvedVideo | undefined {
  const rawVideo = fieldOf(raw, 'video');
  return isRecord(rawVideo) ? resolveGroup(rawVideo, VIDEO_DEFAULTS) : undefined;
}
