// @vitest-environment jsdom
// jsdom fetches no script file here: the tests play the browser's part, firing `load` or `error`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSanitizer } from '../src/dompurify-sanitizer.js';
import { setupClient, type Setup } from './helpers/client.js';
import { deliveryAnswer, flush } from './helpers/fakes.js';

type SanitizerWindow = Window & { mesuraSanitizer?: unknown };

const scripts = () => [...document.head.querySelectorAll('script')];

/** A client with the browser's default loader, and an answer with untrusted HTML after 10 ms. */
function defaultLoader(setup: Setup = {}) {
  const h = setupClient({
    reply: { body: deliveryAnswer({ offers: [{ actions: [{ action: 'setContent', selector: '#hero', content: '<b onclick="x()">new</b>' }] }] }), delayMs: 10 },
    ...setup,
    deps: { loadSanitizer: undefined }, // resolveDeps adds the default
  });
  let outcome: unknown;
  const personalize = () => void h.client.personalize({ mbox: 'a' }).then((o) => (outcome = o));
  return { ...h, personalize, outcome: () => outcome, hero: () => document.getElementById('hero')?.innerHTML };
}

afterEach(() => {
  delete (window as SanitizerWindow).mesuraSanitizer;
});

describe("the browser's sanitiser: a script for /mesura-sanitize.js", () => {
  it('adds the script beside the first request, once, and renders with what it publishes', async () => {
    const h = defaultLoader();
    h.personalize();
    expect(scripts().map((s) => s.getAttribute('src'))).toEqual(['/mesura-sanitize.js']);
    await h.timers.advance(10);
    expect(h.hero()).toBe('default'); // the answer waits for the sanitiser
    (window as SanitizerWindow).mesuraSanitizer = createSanitizer(document);
    scripts()[0]?.dispatchEvent(new Event('load'));
    await flush();
    expect(h.hero()).toBe('<b>new</b>');
    expect(h.outcome()).toEqual({ outcome: 'rendered' });
    void h.client.personalize({ mbox: 'b' });
    await h.timers.advance(10);
    expect(scripts()).toHaveLength(1);
  });

  it('does not take an element whose id is the global name for the sanitiser: it loads the script', async () => {
    const h = defaultLoader({ html: '<p id="hero">default</p><span id="mesuraSanitizer"></span>' });
    // What a browser's window shows for an element with that id, until the bundle runs (jsdom has no named access).
    (window as unknown as Record<string, unknown>).mesuraSanitizer = document.getElementById('mesuraSanitizer');
    h.personalize();
    expect(scripts().map((s) => s.getAttribute('src'))).toEqual(['/mesura-sanitize.js']);
    await h.timers.advance(10);
    (window as SanitizerWindow).mesuraSanitizer = createSanitizer(document);
    scripts()[0]?.dispatchEvent(new Event('load'));
    await flush();
    expect(h.hero()).toBe('<b>new</b>');
  });

  it('takes its address from the sanitizerUrl option', () => {
    const h = defaultLoader({ options: { sanitizerUrl: 'https://static.example.cat/sdk/mesura-sanitize.js' } });
    h.personalize();
    expect(scripts()[0]?.src).toBe('https://static.example.cat/sdk/mesura-sanitize.js');
  });

  it('fails the render safely when the script does not load, and adds a new one at the next request', async () => {
    const h = defaultLoader();
    h.personalize();
    scripts()[0]?.dispatchEvent(new Event('error'));
    await h.timers.advance(10);
    expect(h.hero()).toBe('default');
    expect(h.hidden()).toBe(false);
    expect(h.outcome()).toEqual({ outcome: 'rendering-failed', message: 'Sanitizer failed to load' });
    expect(h.warnings).toEqual(['Sanitizer failed to load: /mesura-sanitize.js did not load']);
    expect(scripts()).toHaveLength(0); // removed, so that a retry adds a fresh one
    void h.client.personalize({ mbox: 'b' });
    expect(scripts()).toHaveLength(1);
  });

  it('counts a load that neither ends nor fails within 5000 ms as failed, and adds a new script at the next request', async () => {
    // The browser's own timer, as the loader uses it; the client's clock stays the test's fake one.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const h = defaultLoader();
      h.personalize();
      vi.advanceTimersByTime(4999);
      await flush();
      expect(scripts()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      await flush();
      expect(scripts()).toHaveLength(0);
      expect(h.warnings).toEqual(['Sanitizer failed to load: /mesura-sanitize.js did not load within 5000 ms']);
      void h.client.personalize({ mbox: 'b' });
      expect(scripts()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails the render safely when the script publishes nothing', async () => {
    const h = defaultLoader();
    h.personalize();
    scripts()[0]?.dispatchEvent(new Event('load'));
    await h.timers.advance(10);
    expect(h.hero()).toBe('default');
    expect(h.warnings).toEqual(['Sanitizer failed to load: /mesura-sanitize.js did not publish window.mesuraSanitizer']);
  });

  it('uses a sanitiser the page already has, without a request', async () => {
    (window as SanitizerWindow).mesuraSanitizer = createSanitizer(document);
    const h = defaultLoader();
    h.personalize();
    await h.timers.advance(10);
    expect(scripts()).toHaveLength(0);
    expect(h.hero()).toBe('<b>new</b>');
  });
});
