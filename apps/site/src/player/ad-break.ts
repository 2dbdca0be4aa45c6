/**
 * The page's ad player: plays an ad break's ads, one after the other, in an element of its own
 * (the content's element, and its tracking, never see an ad), and reports each to the media
 * tracker as it plays (spec §4: ad break start/end, ad start/end, ad skip). An ad that cannot play
 * is left out; one that stops before its end, or that the visitor skips, is skipped; the break
 * never keeps the content waiting long, though a visitor who paused an ad (its click-through) may.
 */
import { AdMetadataKeys } from '@mesura/media';
import type { AdBreakInfo } from '@mesura/media/players';
import type { AdCalls } from './late-ad-calls';
import type { VastAd } from './vast';

/** The first break of a media, before the content. */
export const PREROLL: AdBreakInfo = { name: 'preroll', position: 1, startTime: 0 };

/**
 * How long past its declared length an ad may run before it is skipped: a stalled ad must not hold
 * the content forever, and a few seconds cover a slow start on a poor connection. Counted while the
 * ad plays only: a visitor who paused it is not hurried.
 */
export const AD_OVERRUN_MS = 5_000;

/** Dispatched on the ad element to end the ad playing, skipped ("Salta l'anunci"). */
export const AD_SKIP_EVENT = 'mesura-ad-skip';

export interface AdBreakOptions {
  /** The ad player's own <video>. */
  element: HTMLMediaElement;
  ads: readonly VastAd[];
  /** The tracking of the content's ads (late-ad-calls.ts), undefined when there is none. */
  tracking: () => AdCalls | undefined;
  /** Which break this is. Default: the preroll. */
  adBreak?: AdBreakInfo;
  /** Called once the tracker knows the break began: a midroll pauses the content here. */
  onBreakStart?: () => void;
  /** Told which ad begins, for the "Anunci 1 de 2" label. */
  onAd?: (ad: VastAd, index: number) => void;
}

/** Ends the ad playing in `element` now, as skipped. */
export function skipAd(element: EventTarget): void {
  element.dispatchEvent(new Event(AD_SKIP_EVENT));
}

export async function playAdBreak(options: AdBreakOptions): Promise<void> {
  const { element, ads, tracking } = options;
  if (ads.length === 0) return;
  tracking()?.adBreakStart(options.adBreak ?? PREROLL);
  options.onBreakStart?.();
  for (const [index, ad] of ads.entries()) {
    options.onAd?.(ad, index);
    element.src = ad.mediaUrl;
    // play() settles when the first frame plays (the `playing` event), or fails to.
    if (
      !(await element.play().then(
        () => true,
        () => false,
      ))
    )
      continue;
    tracking()?.adStart({ name: ad.title, id: ad.id, position: index + 1, length: ad.lengthSeconds, metadata: adMetadata(ad) });
    const end = await adEnd(element, ad.lengthSeconds);
    if (end === 'ended') tracking()?.adComplete();
    else {
      element.pause();
      tracking()?.adSkip();
    }
  }
  element.removeAttribute('src');
  tracking()?.adBreakComplete();
}

/** §3 standard ad metadata the VAST document gives. */
function adMetadata(ad: VastAd): Record<string, string> {
  const metadata: Record<string, string> = {};
  if (ad.advertiser) metadata[AdMetadataKeys.Advertiser] = ad.advertiser;
  if (ad.creativeId) metadata[AdMetadataKeys.CreativeId] = ad.creativeId;
  return metadata;
}

/**
 * How the ad playing in `element` ends: 'ended', 'error', a skip, or 'timeout' once it has played
 * AD_OVERRUN_MS past its length. The overrun clock stops while the ad is paused.
 */
function adEnd(element: HTMLMediaElement, lengthSeconds: number): Promise<string> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      const leftMs = Math.max(0, lengthSeconds - (element.currentTime || 0)) * 1000;
      timer = setTimeout(() => done('timeout'), leftMs + AD_OVERRUN_MS);
    };
    const disarm = () => clearTimeout(timer);
    const ends: [string, EventListener][] = [
      ['ended', () => done('ended')],
      ['error', () => done('error')],
      [AD_SKIP_EVENT, () => done('skip')],
      ['pause', disarm],
      ['play', arm],
    ];
    const done = (how: string) => {
      clearTimeout(timer);
      for (const [type, listener] of ends) element.removeEventListener(type, listener);
      resolve(how);
    };
    for (const [type, listener] of ends) element.addEventListener(type, listener);
    arm();
  });
}
