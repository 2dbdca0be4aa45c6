// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENGAGEMENT_IDLE_MS, type EngagementReading } from '../src/engagement-meter.js';
import { trackPageEngagement, type PageEngagement } from '../src/page-engagement.js';

const S = 1000;
let clock = 0;
let visibility: DocumentVisibilityState = 'visible';
let readings: EngagementReading[];
let tracker: PageEngagement;

/** The page's height and how far down it is scrolled, as the browser would lay it out. */
function layout(pageHeight: number, scrolledTo: number, viewportHeight = 800): void {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => pageHeight });
  Object.defineProperty(window, 'innerHeight', { configurable: true, get: () => viewportHeight });
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrolledTo });
}

function setVisibility(state: DocumentVisibilityState, atMs: number): void {
  clock = atMs;
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  clock = 0;
  visibility = 'visible';
  readings = [];
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  layout(4000, 0);
  tracker = trackPageEngagement(
    (reading) => readings.push(reading),
    () => clock,
  );
});

afterEach(() => tracker.stop());

describe("a page's engagement in the browser (page-engagement.ts)", () => {
  it('sends one reading when the page is hidden, with the time engaged and the deepest scroll, and nothing after', () => {
    tracker.pageViewed(() => undefined);
    clock = 3 * S;
    layout(4000, 2400);
    window.dispatchEvent(new Event('scroll'));
    clock = 6 * S;
    window.dispatchEvent(new Event('keydown'));
    setVisibility('hidden', 60 * S);
    expect(readings).toEqual([{ engagedMs: 6 * S + ENGAGEMENT_IDLE_MS, scrollPercent: 80 }]);
    setVisibility('visible', 70 * S);
    window.dispatchEvent(new Event('pagehide'));
    expect(readings).toHaveLength(1);
  });

  it('sends the reading when the page is left, and a page that fits the screen counts as read to its end', () => {
    layout(600, 0);
    tracker.pageViewed(() => undefined);
    clock = 2 * S;
    window.dispatchEvent(new Event('pagehide'));
    expect(readings).toEqual([{ engagedMs: 2 * S, scrollPercent: 100 }]);
  });

  it("sends a single-page app's page before the next page view goes out, then measures the next one", () => {
    const order: string[] = [];
    const record = (what: string) => () => void order.push(what);
    tracker.stop();
    tracker = trackPageEngagement(
      (reading) => order.push(`engagement ${reading.engagedMs}`),
      () => clock,
    );
    tracker.pageViewed(record('page view 1'));
    clock = 4 * S;
    tracker.pageViewed(record('page view 2'));
    clock = 5 * S;
    window.dispatchEvent(new Event('pagehide'));
    expect(order).toEqual(['page view 1', `engagement ${4 * S}`, 'page view 2', `engagement ${S}`]);
  });

  it('counts the time a video plays with no input', () => {
    const video = document.createElement('video');
    document.body.append(video);
    tracker.pageViewed(() => undefined);
    clock = S;
    video.dispatchEvent(new Event('playing'));
    clock = 90 * S;
    video.dispatchEvent(new Event('pause'));
    setVisibility('hidden', 200 * S);
    expect(readings[0]!.engagedMs).toBe(90 * S + ENGAGEMENT_IDLE_MS);
    video.remove();
  });

  it('sends nothing before a page view, nor after stop', () => {
    window.dispatchEvent(new Event('pagehide'));
    tracker.pageViewed(() => undefined);
    tracker.stop();
    setVisibility('hidden', S);
    expect(readings).toEqual([]);
  });
});
