/**
 * The page's ad player: plays a preroll break's ads, one after the other, in an element of its own
 * (the content's element, and its tracking, never see an ad), and reports each to the media
 * tracker as it plays (spec §4: ad break start/end, ad start/end). An ad that cannot play is left
 * out; one that stops before its end is skipped; the break never keeps the content waiting long.
 */
import { AdMetadataKeys } from '@mesura/media';
import type { PlayerTracking } from '@mesura/media/players';
import type { VastAd } from './vast';

/** The break of the sample clip: before the content, the first of its breaks. */
export const PREROLL = { name: 'preroll', position: 1, startTime: 0 } as const;

/**
 * How long past its declared length an ad may run before it is skipped: a stalled ad must not hold
 * the content forever, and a few seconds cover a slow start on a poor connection.
 */
export const AD_OVERRUN_MS = 5_000;

export interface AdBreakOptions {
  /** The ad player's own <video>. */
  element: HTMLMediaElement;
  ads: readonly VastAd[];
  /** The tracking of the content, once the media tracker is there. */
  tracking: () => PlayerTracking | undefined;
  /** Told which ad begins, for the "Anunci 1 de 2" label. */
  onAd?: (ad: VastAd, index: number) => void;
}

export async function playAdBreak(options: AdBreakOptions): Promise<void> {
  const { element, ads, tracking } = options;
  if (ads.length === 0) return;
  tracking()?.adBreakStart(PREROLL);
  for (const [index, ad] of ads.entries()) {
    options.onAd?.(ad, index);
    element.src = ad.mediaUrl;
    // play() settles when the first frame plays (the `playing` event), or fails to.
    if (!(await element.play().then(() => true, () => false))) continue;
    tracking()?.adStart({ name: ad.title, id: ad.id, position: index + 1, length: ad.lengthSeconds, metadata: adMetadata(ad) });
    const end = await nextEvent(element, ['ended', 'error'], ad.lengthSeconds * 1000 + AD_OVERRUN_MS);
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

/** The first of `types` the target dispatches, or 'timeout' after `timeoutMs`. */
export function nextEvent(target: EventTarget, types: readonly string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    const done = (type: string) => {
      clearTimeout(timer);
      for (const each of types) target.removeEventListener(each, listener);
      resolve(type);
    };
    const listener = (event: Event) => done(event.type);
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    for (const type of types) target.addEventListener(type, listener);
  });
}
