/**
 * Plays an HLS stream in a media element: with hls.js (its light build, loaded only on a page that
 * needs it) wherever the browser has Media Source Extensions, so that the player and its tracking
 * are the same in every browser; else natively where the browser plays HLS itself (older iOS).
 * Gives the hls.js instance, whose adapter then tracks the player.
 */
import type Hls from 'hls.js';

/** What the page keeps of hls.js: the instance the media tracker's hls.js adapter follows. */
export type HlsPlayer = Pick<Hls, 'media' | 'levels' | 'currentLevel' | 'on' | 'off' | 'destroy'>;

/** The part of the hls.js module used here; injected by tests. */
export interface HlsModule {
  isSupported(): boolean;
  new (): Pick<Hls, 'loadSource' | 'attachMedia'> & HlsPlayer;
}

const loadHlsJs = async (): Promise<HlsModule> => (await import('hls.js/light')).default;

/** Attaches `src` to `media`; resolves with the hls.js instance, or undefined when the browser plays it natively. */
export async function attachHls(src: string, media: HTMLMediaElement, load: () => Promise<HlsModule> = loadHlsJs): Promise<HlsPlayer | undefined> {
  const HlsJs = await load();
  if (!HlsJs.isSupported()) {
    media.src = src;
    return undefined;
  }
  const hls = new HlsJs();
  hls.loadSource(src);
  hls.attachMedia(media);
  return hls;
}
