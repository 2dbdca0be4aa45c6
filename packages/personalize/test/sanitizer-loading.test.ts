// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PERSONALIZATION_EVENTS, SANITIZER_FAILED_TO_LOAD, type Sanitizer } from '../src/index.js';
import { createSanitizer } from '../src/dompurify-sanitizer.js';
import { setupClient, type Setup } from './helpers/client.js';
import { deliveryAnswer, flush } from './helpers/fakes.js';

const EVIL = '<img src="x.png" onerror="window.pwned = 1"><b>ok</b>';
const SANITISED = '<img src="x.png"><b>ok</b>';
const TRUSTED = { 'activity.trusted': true };

/** A sanitiser load the test settles by hand; `calls` counts the loads the client started. */
function manualSanitizer() {
  const loads: { resolve(sanitizer: Sanitizer): void; reject(error: unknown): void }[] = [];
  return {
    load: () => new Promise<Sanitizer>((resolve, reject) => void loads.push({ resolve, reject })),
    calls: () => loads.length,
    resolve: (index = 0) => loads[index]?.resolve(createSanitizer(document)),
    reject: (error: unknown, index = 0) => loads[index]?.reject(error),
  };
}

/** personalize() of an answer holding `actions`, after `delayMs`, with the sanitiser loaded by hand. */
function personalizeWith(actions: unknown[], setup: Setup & { delayMs?: number } = {}) {
  const sanitizer = manualSanitizer();
  const h = setupClient({
    html: '<div id="hero">default</div><p id="other">other</p>',
    reply: { body: deliveryAnswer({ offers: [{ actions }] }), delayMs: setup.delayMs ?? 10 },
    ...setup,
    deps: { loadSanitizer: sanitizer.load, ...setup.deps },
  });
  let outcome: unknown;
  void h.client.personalize({ mbox: 'mesura-el-temps' }).then((o) => (outcome = o));
  return { ...h, sanitizer, outcome: () => outcome, hero: () => document.getElementById('hero') };
}

describe('loading the sanitiser beside the first request', () => {
  it('starts the load as the first request goes, before the answer, and only once', async () => {
    const h = personalizeWith([], { delayMs: 100 });
    expect(h.sanitizer.calls()).toBe(1); // in the same task as the request
    await h.timers.advance(0);
    expect(h.transport.calls).toHaveLength(1);
    void h.client.personalize({ mbox: 'b' });
    void h.client.getOffer({ mbox: 'c', success: () => undefined, error: () => undefined });
    await h.timers.advance(200);
    expect(h.sanitizer.calls()).toBe(1);
  });

  it('loads nothing without consent, and nothing for trackEvent', async () => {
    const held = personalizeWith([], { consent: false });
    await held.timers.advance(100);
    expect(held.sanitizer.calls()).toBe(0);
    const sanitizer = manualSanitizer();
    const tracked = setupClient({ deps: { loadSanitizer: sanitizer.load } });
    void tracked.client.trackEvent({ mbox: 'conversion' });
    await tracked.timers.advance(100);
    expect(tracked.transport.calls).toHaveLength(1);
    expect(sanitizer.calls()).toBe(0);
  });

  it('renders the actions that need no sanitiser without waiting for it', async () => {
    const onJson: unknown[] = [];
    const h = personalizeWith(
      [
        { action: 'setText', selector: '#other', content: 'text' },
        { action: 'setStyle', selector: '#other', content: { color: 'red' } },
        { action: 'trackClick', selector: '#other', content: 'clicked' },
        { action: 'rearrange', selector: 'body', content: { from: 0, to: 1 } },
        { action: 'setJson', content: { layout: 'b' } },
      ],
      { options: { onJson: (json) => void onJson.push(json) } },
    );
    await h.timers.advance(10); // the answer; the sanitiser never comes
    expect(document.body.innerHTML).toBe('<p id="other" style="color: red;">text</p><div id="hero">default</div>');
    expect(onJson).toEqual([{ layout: 'b' }]);
    expect(h.outcome()).toEqual({ outcome: 'rendered' });
    expect(h.hidden()).toBe(false);
  });

  it("renders a trusted activity's HTML and attributes whole once it is there: it holds the trusted policy too", async () => {
    const trustedOffer = deliveryAnswer({
      offers: [
        {
          responseTokens: TRUSTED,
          actions: [
            { action: 'setContent', selector: '#hero', content: EVIL },
            { action: 'setAttribute', selector: '#other', content: { onclick: 'x()' } },
          ],
        },
        { actions: [{ action: 'remove', selector: '#gone' }] },
      ],
    });
    const h = personalizeWith([], { html: '<div id="hero">default</div><p id="other">o</p><i id="gone"></i>', reply: { body: trustedOffer, delayMs: 10 } });
    await h.timers.advance(10);
    // Nothing yet: the actions apply in order, and the first ones wait for the bundle.
    expect(document.body.innerHTML).toBe('<div id="hero">default</div><p id="other">o</p><i id="gone"></i>');
    h.sanitizer.resolve();
    await flush();
    expect(document.body.innerHTML).toBe(`<div id="hero">${EVIL}</div><p id="other" onclick="x()">o</p>`);
    expect(h.outcome()).toEqual({ outcome: 'rendered' });
  });

  it('redirects without waiting for it', async () => {
    const h = personalizeWith([], { reply: { body: deliveryAnswer({ offers: [{ redirect: 'https://www.example.cat/b/' }] }), delayMs: 10 } });
    await h.timers.advance(10);
    expect(h.redirects).toEqual(['https://www.example.cat/b/']);
  });

  it('waits for it to insert untrusted HTML and set attributes, and shows the page once they are in', async () => {
    const h = personalizeWith([
      { action: 'setContent', selector: '#hero', content: EVIL },
      { action: 'setAttribute', selector: '#other', content: { title: 'T' } },
    ]);
    await h.timers.advance(300);
    expect(h.hero()?.innerHTML).toBe('default');
    expect(h.hidden()).toBe(true);
    h.sanitizer.resolve();
    await flush();
    expect(h.hero()?.innerHTML).toBe(SANITISED);
    expect(document.getElementById('other')?.title).toBe('T');
    expect(h.hidden()).toBe(false);
    expect(h.outcome()).toEqual({ outcome: 'rendered' });
  });
});

describe('when the sanitiser does not come', () => {
  const actions = [
    { action: 'setContent', selector: '#hero', content: EVIL },
    { action: 'insertAfter', selector: '#hero', content: EVIL },
    { action: 'setAttribute', selector: '#other', content: { title: 'T' } },
    { action: 'setText', selector: '#other', content: 'text' },
  ];

  it('keeps the default content, shows the page and says why when its script fails to load', async () => {
    const h = personalizeWith(actions);
    await h.timers.advance(100);
    h.sanitizer.reject(new Error('/mesura-sanitize.js did not load'));
    await flush();
    expect(document.body.innerHTML).toBe('<div id="hero">default</div><p id="other">text</p>');
    expect(h.hidden()).toBe(false);
    expect(h.events.at(-1)).toMatchObject({ type: PERSONALIZATION_EVENTS.contentRenderingFailed, message: 'Sanitizer failed to load' });
    expect(h.outcome()).toEqual({ outcome: 'rendering-failed', message: SANITIZER_FAILED_TO_LOAD });
    expect(h.warnings).toEqual(['Sanitizer failed to load: /mesura-sanitize.js did not load']);
  });

  it('shows the default content at 3000 ms and fails at the end of the wait, inserting nothing later', async () => {
    const h = personalizeWith(actions, { delayMs: 10 });
    await h.timers.advance(2999);
    expect(h.hidden()).toBe(true);
    await h.timers.advance(1);
    expect(h.hidden()).toBe(false); // the body-hiding timer bounds the wait
    await h.timers.advance(5009 - 3000); // the answer came at 10 ms: the wait ends at 5010 ms
    expect(h.outcome()).toBeUndefined();
    await h.timers.advance(1);
    expect(h.outcome()).toEqual({ outcome: 'rendering-failed', message: 'Sanitizer failed to load' });
    h.sanitizer.resolve();
    await h.timers.advance(1000);
    expect(document.body.innerHTML).toBe('<div id="hero">default</div><p id="other">text</p>');
    expect(h.timers.pending()).toBe(0);
  });

  it('tries again at the next request', async () => {
    const h = personalizeWith(actions);
    h.sanitizer.reject(new Error('offline'));
    await h.timers.advance(10);
    expect(h.outcome()).toMatchObject({ outcome: 'rendering-failed' });
    const second = h.client.personalize({ mbox: 'b' });
    expect(h.sanitizer.calls()).toBe(2);
    h.sanitizer.resolve(1);
    await h.timers.advance(10);
    expect(await second).toEqual({ outcome: 'rendered' });
    expect(h.hero()?.innerHTML).toBe(SANITISED);
  });

  it('fails safely when the loader throws', async () => {
    const h = personalizeWith(actions.slice(0, 1), {
      deps: {
        loadSanitizer: () => {
          throw new Error('no loader');
        },
      },
    });
    await h.timers.advance(10);
    expect(h.outcome()).toEqual({ outcome: 'rendering-failed', message: 'Sanitizer failed to load' });
    expect(h.hero()?.innerHTML).toBe('default');
  });
});
