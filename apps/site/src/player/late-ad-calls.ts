/**
 * The ad calls of the player's breaks (ad-break.ts), kept while the media tracker is not there yet:
 * it loads once the visitor consents, and a visitor may press play before it has come. When it
 * arrives during a break, the break and the ad playing are reported to it then (`joined`), so that
 * the ad is measured from that moment rather than not at all; an ad that ended before the tracker
 * came goes unmeasured, as playback is never held back for measurement.
 */
import type { AdBreakInfo, AdInfo, PlayerTracking } from '@mesura/media/players';

/** What the ad player says to the media tracker. */
export type AdCalls = Pick<PlayerTracking, 'adBreakStart' | 'adStart' | 'adComplete' | 'adSkip' | 'adBreakComplete'>;

export function lateAdCalls(tracking: () => AdCalls | undefined): AdCalls & { joined(): void } {
  let openBreak: AdBreakInfo | undefined;
  let openAd: AdInfo | undefined;
  return {
    adBreakStart(adBreak) {
      openBreak = adBreak;
      tracking()?.adBreakStart(adBreak);
    },
    adStart(ad) {
      openAd = ad;
      tracking()?.adStart(ad);
    },
    adComplete() {
      openAd = undefined;
      tracking()?.adComplete();
    },
    adSkip() {
      openAd = undefined;
      tracking()?.adSkip();
    },
    adBreakComplete() {
      openBreak = undefined;
      openAd = undefined;
      tracking()?.adBreakComplete();
    },
    /** The tracker has just come: the break going on, and its ad playing, begin for it now. */
    joined() {
      const arrived = tracking();
      if (!arrived || !openBreak) return;
      arrived.adBreakStart(openBreak);
      if (openAd) arrived.adStart(openAd);
    },
  };
}
