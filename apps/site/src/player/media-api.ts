/**
 * Where the page finds the media tracker: `/mesura-media.js` (loaded by the SDK's `media tracker`
 * rule on pages with a video group, once the visitor consents) exports its API on `window`. The
 * page imports only its types, so that a visitor who does not consent downloads no tracker.
 */
import type { HlsLike, PlayerElement, PlayerTracking } from '@mesura/media/players';
import { DEFAULT_MEDIA_NAMESPACE, MEDIA_READY_EVENT } from '../measurement/constants';

/**
 * The part of the media API the site uses (packages/sdk's MesuraMediaApi, which is not imported:
 * the SDK's own `window.mesura` typing would clash with the site's globals.d.ts).
 */
export interface MesuraMediaApi {
  trackHtml5Player(element: PlayerElement, options?: TrackingOptions): PlayerTracking;
  trackHlsPlayer(hls: HlsLike, options?: TrackingOptions & { media?: PlayerElement }): PlayerTracking;
}

interface TrackingOptions {
  playerName?: string;
  channel?: string;
  /** `s:sp:ovp` (§9 "player type"). */
  playerType?: string;
  /** `s:sp:sdk` (§9 "app version"). */
  appVersion?: string;
}

type Page = Pick<Window, 'addEventListener' | 'removeEventListener'> & { mesuraConfig?: unknown; [name: string]: unknown };

/** The namespace the bootstrap exports under: `mesuraConfig.mediaNamespace`, else the default. */
export function mediaNamespace(config: unknown): string {
  const chosen = typeof config === 'object' && config !== null ? (config as { mediaNamespace?: unknown }).mediaNamespace : undefined;
  return typeof chosen === 'string' && chosen.trim() !== '' ? chosen.trim() : DEFAULT_MEDIA_NAMESPACE;
}

/**
 * The media API once it is there: at once if the bootstrap ran before this page, else when it
 * says so. Never settles on a page where it does not come (no consent): the player plays untracked.
 */
export function whenMediaApi(target: Page = window as unknown as Page): Promise<MesuraMediaApi> {
  const namespace = mediaNamespace(target.mesuraConfig);
  const present = () => target[namespace] as MesuraMediaApi | undefined;
  return new Promise((resolve) => {
    const api = present();
    if (api) return resolve(api);
    const ready = () => {
      const arrived = present();
      if (!arrived) return;
      target.removeEventListener(MEDIA_READY_EVENT, ready);
      resolve(arrived);
    };
    target.addEventListener(MEDIA_READY_EVENT, ready);
  });
}
