// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELECTOR_POLLING_TIMEOUT_MS } from '../src/index.js';
import { waitForSelector } from '../src/selector-wait.js';
import { START_MS, setupClient } from './helpers/client.js';
import { deliveryAnswer, fakeTimers } from './helpers/fakes.js';

/** Lets queued microtasks run, and nothing else: no timer, no new task. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

function clockAndTimers() {
  const clock = { nowMs: START_MS };
  const timers = fakeTimers(clock);
  return { clock, timers, deps: { now: () => clock.nowMs, setTimer: timers.setTimer, clearTimer: timers.clearTimer } };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('waiting for an element with a MutationObserver (§9 selector polling timeout 5000 ms)', () => {
  it('applies an offer to an element inserted after the answer in the task that inserts it', async () => {
    const offer = deliveryAnswer({ offers: [{ actions: [{ action: 'setText', selector: '#late', content: 'Personalised' }] }] });
    const h = setupClient({ html: '', reply: { body: offer } });
    let outcome: unknown;
    void h.client.personalize({ mbox: 'a' }).then((o) => (outcome = o));
    await h.timers.advance(0); // the answer is in; #late is not
    expect(h.hidden()).toBe(true);
    document.body.innerHTML = '<p id="late">default</p>';
    await microtasks(); // no timer runs, no time passes
    expect(document.getElementById('late')?.textContent).toBe('Personalised');
    expect(h.hidden()).toBe(false);
    expect(outcome).toEqual({ outcome: 'rendered' });
    expect(h.clock.nowMs).toBe(START_MS);
    expect(h.timers.pending()).toBe(0); // the 5000 ms timer is cleared
  });

  it('finds an element whose attributes start matching', async () => {
    document.body.innerHTML = '<p id="p"></p>';
    const { deps } = clockAndTimers();
    const found = waitForSelector(document, 'p.ready', deps, SELECTOR_POLLING_TIMEOUT_MS);
    document.getElementById('p')?.classList.add('ready');
    await microtasks();
    expect(await found).toBe(true);
  });

  it('disconnects once the element is found', async () => {
    document.body.innerHTML = '';
    const disconnect = vi.spyOn(window.MutationObserver.prototype, 'disconnect');
    const { deps, timers } = clockAndTimers();
    const found = waitForSelector(document, '#late', deps, SELECTOR_POLLING_TIMEOUT_MS);
    document.body.innerHTML = '<i id="late"></i>';
    expect(await found).toBe(true);
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(timers.pending()).toBe(0);
  });

  it('resolves false at exactly 5000 ms and disconnects', async () => {
    document.body.innerHTML = '';
    const disconnect = vi.spyOn(window.MutationObserver.prototype, 'disconnect');
    const { deps, timers } = clockAndTimers();
    let result: unknown = 'pending';
    void waitForSelector(document, '#never', deps, SELECTOR_POLLING_TIMEOUT_MS).then((r) => (result = r));
    await timers.advance(4999);
    expect(result).toBe('pending');
    expect(disconnect).not.toHaveBeenCalled();
    await timers.advance(1);
    expect(result).toBe(false);
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(timers.pending()).toBe(0);
  });

  it('observes nothing for an element already there or a selector that is not one', async () => {
    document.body.innerHTML = '<b id="here"></b>';
    const observe = vi.spyOn(window.MutationObserver.prototype, 'observe');
    const { deps, timers } = clockAndTimers();
    expect(await waitForSelector(document, '#here', deps, SELECTOR_POLLING_TIMEOUT_MS)).toBe(true);
    expect(await waitForSelector(document, '#[', deps, SELECTOR_POLLING_TIMEOUT_MS)).toBe(false);
    expect(observe).not.toHaveBeenCalled();
    expect(timers.pending()).toBe(0);
  });
});
