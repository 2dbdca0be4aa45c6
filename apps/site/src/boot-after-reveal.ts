/**
 * When the site's app may start. While the head snippet hides the page for personalisation, the
 * visitor sees nothing, so the app's start (tens of milliseconds of script on a cold tab) would only
 * make the offer wait for the main thread, and the page stay hidden longer. The page the server
 * rendered is all there is to personalise, so the app waits until the page is shown, and at most
 * APP_START_WAIT_MAX_MS: an offer for something only the app renders then still finds it.
 */
import { HIDING_STYLE_ID } from '@mesura/personalize';

/** Long enough for a cold tab's offer on loopback; short beside the 3000 ms hiding limit. */
export const APP_START_WAIT_MAX_MS = 250;

export interface RevealClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Resolves once `doc` has no hiding style, or after `maxMs`. */
export function afterReveal(doc: Document, clock: RevealClock, maxMs = APP_START_WAIT_MAX_MS): Promise<void> {
  const hidden = () => doc.getElementById(HIDING_STYLE_ID) !== null;
  if (!hidden()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clock.clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => void (hidden() ? undefined : done()));
    observer.observe(doc.head, { childList: true });
    const timer = clock.setTimeout(done, maxMs);
  });
}
