// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { HIDING_STYLE_ID } from '@mesura/personalize';
import { APP_START_WAIT_MAX_MS, afterReveal, type RevealClock } from '../src/boot-after-reveal';

/** A clock whose timers run only when the test says so. */
function recordingClock() {
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const clock: RevealClock = {
    setTimeout(callback, ms) {
      timers.set((next += 1), { callback, ms });
      return next;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  return { clock, timers };
}

function hide(): HTMLStyleElement {
  const style = document.createElement('style');
  style.id = HIDING_STYLE_ID;
  document.head.append(style);
  return style;
}

/** Whether the promise has settled once pending microtasks and observer callbacks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

afterEach(() => document.getElementById(HIDING_STYLE_ID)?.remove());

describe('the site starts its app', () => {
  it('at once on a page that is not hidden for personalisation', async () => {
    const { clock, timers } = recordingClock();
    expect(await settled(afterReveal(document, clock))).toBe(true);
    expect(timers.size).toBe(0);
  });

  it('once the hiding style is removed, not before', async () => {
    const style = hide();
    const { clock, timers } = recordingClock();
    const started = afterReveal(document, clock);
    expect(await settled(started)).toBe(false);
    style.remove();
    expect(await settled(started)).toBe(true);
    expect(timers.size).toBe(0); // its own timer is cleared
  });

  it(`after ${APP_START_WAIT_MAX_MS} ms when the page stays hidden, so that an offer for what only the app renders still finds it`, async () => {
    hide();
    const { clock, timers } = recordingClock();
    const started = afterReveal(document, clock);
    expect([...timers.values()].map((timer) => timer.ms)).toEqual([APP_START_WAIT_MAX_MS]);
    expect(await settled(started)).toBe(false);
    [...timers.values()][0]?.callback();
    expect(await settled(started)).toBe(true);
  });

  it('not when another style comes or goes while the page is hidden', async () => {
    hide();
    const { clock } = recordingClock();
    const started = afterReveal(document, clock);
    const other = document.createElement('style');
    document.head.append(other);
    other.remove();
    expect(await settled(started)).toBe(false);
  });
});
