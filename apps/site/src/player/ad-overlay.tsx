import { useEffect, useState } from 'react';
import { adCountdown, countdownText } from './ad-countdown';
import type { PlayingAd } from './player-session';

/**
 * What shows over an ad: "Publicitat" and the ad's place in its break, the seconds left, "Salta
 * l'anunci" once the VAST says the ad may be skipped, and the click-through, which opens the
 * advertiser's page in a new tab and pauses the ad until the visitor resumes it.
 */
export function AdOverlay({ ad, element, onSkip }: { ad: PlayingAd; element: HTMLMediaElement | null; onSkip: () => void }) {
  // The ad element's playhead, for the ad it was read for: the next ad of the break plays in the
  // same element and counts from its own start.
  const [progress, setProgress] = useState({ ad, seconds: 0 });
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (!element) return;
    const onTime = () => setProgress({ ad, seconds: element.currentTime });
    const onPause = () => setPaused(element.paused && !element.ended);
    setProgress({ ad, seconds: 0 });
    const events: [string, () => void][] = [
      ['timeupdate', onTime],
      ['pause', onPause],
      ['play', onPause],
    ];
    for (const [type, listener] of events) element.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of events) element.removeEventListener(type, listener);
    };
  }, [element, ad]);

  const countdown = adCountdown(ad, progress.ad === ad ? progress.seconds : 0);
  const openAdvertiser = () => {
    if (!ad.clickThrough || !element) return;
    element.pause();
    window.open(ad.clickThrough, '_blank', 'noopener');
  };
  return (
    <div className="player__ad-overlay">
      <p className="player__ad-label" role="status">
        Publicitat · {ad.title} ({ad.number} de {ad.count})
      </p>
      <p className="player__ad-countdown" aria-live="off">
        {countdownText(countdown)}
      </p>
      <div className="player__ad-actions">
        {ad.clickThrough && (
          <button type="button" onClick={openAdvertiser}>
            Més informació sobre l&apos;anunciant
          </button>
        )}
        {paused && element && (
          <button type="button" onClick={() => void element.play().catch(() => undefined)}>
            Reprèn l&apos;anunci
          </button>
        )}
        {countdown.skippable && (
          <button type="button" className="player__ad-skip" onClick={onSkip}>
            Salta l&apos;anunci
          </button>
        )}
        {countdown.skipInSeconds !== undefined && <span className="meta">Podreu saltar l&apos;anunci en {countdown.skipInSeconds} s</span>}
      </div>
    </div>
  );
}
