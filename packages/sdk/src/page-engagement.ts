/**
 * The browser side of engagement-meter.ts: a meter per page view /mesura.js sends, fed by the
 * page's own events, and its reading sent once (the `pe=eng` hit, @mesura/protocol
 * page-engagement.ts) at the first of: the page hidden (`visibilitychange`), the page left
 * (`pagehide`), or the next page view of a single-page app. A page hidden and shown again is not
 * measured further: its reading has left, and a second one would count the page twice. The
 * listeners are passive and only note a time or a depth, so nothing here delays the page or its
 * scrolling.
 */
import { createEngagementMeter, type EngagementMeter, type EngagementReading } from './engagement-meter.js';

/** Inputs that show the visitor is there. */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'scroll'];
/** A media element starts playing (`playing`), and stops. */
const MEDIA_EVENTS = ['playing', 'pause', 'ended', 'emptied'];
/**
 * Everything is heard on `window` while capturing: the document's events (visibilitychange,
 * scroll) and the media elements' (which do not bubble) pass through it on their way down.
 */
const EVENTS = [...ACTIVITY_EVENTS, ...MEDIA_EVENTS, 'visibilitychange', 'pagehide'];
const LISTENING = { capture: true, passive: true };

export interface PageEngagement {
  /** The next page view is about to be sent: the current page's reading goes first, then `sendPageView` runs and a new page is measured. */
  pageViewed(sendPageView: () => void): void;
  /** Removes the listener. */
  stop(): void;
}

/** How far down the page has been seen, in percent of its height. */
function seenPercent(): number {
  const height = document.documentElement.scrollHeight;
  return height > 0 ? ((scrollY + innerHeight) / height) * 100 : 100;
}

export function trackPageEngagement(send: (reading: EngagementReading) => void, now: () => number = () => performance.now()): PageEngagement {
  let meter: EngagementMeter | undefined;
  const playing = new Set<EventTarget>();
  const visible = () => document.visibilityState === 'visible';

  const finish = () => {
    const reading = meter?.read(now());
    meter = undefined;
    if (reading) send(reading);
  };
  const listener = ({ type, target }: Event) => {
    if (type === 'pagehide') return finish();
    if (type === 'visibilitychange') {
      meter?.visibility(visible(), now());
      return visible() || finish();
    }
    if (MEDIA_EVENTS.includes(type)) {
      if (!(target instanceof HTMLMediaElement)) return;
      if (type === 'playing') playing.add(target);
      else playing.delete(target);
      return meter?.playing(playing.size, now());
    }
    meter?.activity(now());
    if (type === 'scroll') meter?.scrolled(seenPercent());
  };
  for (const type of EVENTS) addEventListener(type, listener, LISTENING);

  return {
    pageViewed(sendPageView) {
      finish();
      sendPageView();
      meter = createEngagementMeter(now(), visible());
      meter.playing(playing.size, now());
      meter.scrolled(seenPercent());
    },
    stop() {
      for (const type of EVENTS) removeEventListener(type, listener, LISTENING);
    },
  };
}
