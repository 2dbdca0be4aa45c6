// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://www.mesura.cat/noticia/1001/pressupostos/" }
import { afterEach, describe, expect, it } from 'vitest';
import { browserEnvironment, createTagRuntime, scriptLoadFailed, type EventDetail, type PropertyConfig, type RuleConfig } from '../src/index.js';
import { fakeClock, fakeConsent, recordingHandlers } from '@mesura/test-utils/tags';

/** A runtime over the real (happy-dom) browser, with the fake clock for its timers. */
function browserRuntime(rules: RuleConfig[]) {
  const clock = fakeClock();
  const seen: Array<[string, EventDetail]> = [];
  const property: PropertyConfig = {
    name: 'browser',
    domains: ['mesura.cat'],
    dataElements: {},
    rules: rules.map((r) => ({ ...r, actions: [{ type: 'custom', run: (ctx) => void seen.push([ctx.rule, ctx.detail]) }, ...r.actions] })),
  };
  const handlers = recordingHandlers();
  const runtime = createTagRuntime({
    property,
    handlers,
    consent: fakeConsent(),
    env: { now: clock.now, setTimer: clock.setTimer, clearTimer: clock.clearTimer },
  });
  return { runtime, clock, seen, handlers };
}

const on = (name: string, events: RuleConfig['events'], actions: RuleConfig['actions'] = []): RuleConfig => ({ name, events, conditions: [], actions });

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  delete (window as { mesuraData?: unknown }).mesuraData;
});

describe('browserEnvironment', () => {
  it('reads the page: location, referrer, cookies, localStorage and window.mesuraData', () => {
    document.cookie = 'mesura_segment=esports';
    localStorage.setItem('mesura_debug', '1');
    (window as { mesuraData?: unknown }).mesuraData = { page: { seccio: 'noticies' } };
    const env = browserEnvironment();
    expect(env.location.pathname).toBe('/noticia/1001/pressupostos/');
    expect(env.location.hostname).toBe('www.mesura.cat');
    expect(env.cookies()).toContain('mesura_segment=esports');
    expect(env.storageItem('mesura_debug')).toBe('1');
    expect(env.dataLayer()).toEqual({ page: { seccio: 'noticies' } });
    expect(env.timezoneOffsetHours).toBe(1);
  });

  it('reads localStorage as absent when the browser blocks it', () => {
    const env = browserEnvironment();
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      expect(env.storageItem('mesura_debug')).toBeNull();
    } finally {
      if (original) Object.defineProperty(window, 'localStorage', original);
    }
  });
});

describe('event sources in the browser', () => {
  it('fires libraryLoaded and domReady at start, windowLoaded on load', async () => {
    const { runtime, clock, seen } = browserRuntime([on('loaded', [{ type: 'libraryLoaded' }]), on('ready', [{ type: 'domReady' }]), on('window', [{ type: 'windowLoaded' }])]);
    runtime.start();
    await clock.advance(0);
    if (document.readyState !== 'complete') {
      expect(seen.map(([rule]) => rule)).toEqual(['loaded', 'ready']);
      window.dispatchEvent(new Event('load'));
      await clock.advance(0);
    }
    expect(seen.map(([rule]) => rule)).toEqual(['loaded', 'ready', 'window']);
    runtime.stop();
  });

  it('delegates clicks on the document to the closest match of the selector', async () => {
    document.body.innerHTML = '<nav id="menu"><a class="share" href="/comparteix"><span>Comparteix</span></a></nav><p>text</p>';
    const { runtime, clock, seen } = browserRuntime([on('share', [{ type: 'click', selector: 'a.share' }])]);
    runtime.start();
    document.querySelector('p')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // The page stopping propagation cannot hide the click: the listener captures.
    const span = document.querySelector('span');
    span?.addEventListener('click', (event) => event.stopPropagation());
    span?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await clock.advance(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.[1]).toMatchObject({ text: 'Comparteix', href: '/comparteix', element: document.querySelector('a.share') });
    runtime.stop();
  });

  it('hears a custom event once, dispatched on the document or on the window', async () => {
    const { runtime, clock, seen } = browserRuntime([on('consent', [{ type: 'custom', name: 'mesura:consent-ready' }])]);
    runtime.start();
    document.dispatchEvent(new CustomEvent('mesura:consent-ready', { detail: { source: 'document' }, bubbles: true }));
    window.dispatchEvent(new CustomEvent('mesura:consent-ready', { detail: { source: 'window' } }));
    await clock.advance(0);
    expect(seen.map(([, detail]) => detail)).toEqual([{ source: 'document' }, { source: 'window' }]);
    runtime.stop();
  });

  it('fires one route change for pushState then replaceState, and none after stop()', async () => {
    const originalPush = history.pushState;
    const { runtime, clock, seen } = browserRuntime([on('route', [{ type: 'routeChange' }])]);
    runtime.start();
    expect(history.pushState).not.toBe(originalPush);
    history.pushState({}, '', '/el-temps/');
    history.replaceState({}, '', '/el-temps/?ciutat=girona');
    await clock.advance(50);
    expect(seen).toEqual([]);
    await clock.advance(50);
    expect(seen).toEqual([['route', { from: '/noticia/1001/pressupostos/', to: '/el-temps/?ciutat=girona' }]]);
    runtime.stop();
    expect(history.pushState).toBe(originalPush);
    history.pushState({}, '', '/noticia/1001/pressupostos/');
    await clock.advance(100);
    expect(seen).toHaveLength(1);
  });

  it('leaves the page alone when no rule needs clicks, custom events or routes', () => {
    const originalPush = history.pushState;
    const { runtime } = browserRuntime([on('loaded', [{ type: 'libraryLoaded' }])]);
    runtime.start();
    expect(history.pushState).toBe(originalPush);
    runtime.stop();
  });
});

describe('script loading in the browser (§8 script failing to load)', () => {
  it('appends an async script to the head and reports its load error', async () => {
    // happy-dom refuses to fetch scripts and fires the script's error event, as a failed load does
    // (it also prints a NotSupportedError "JavaScript file loading is disabled" line: expected).
    const { runtime, clock } = browserRuntime([on('load', [{ type: 'directCall', name: 'go' }], [{ type: 'loadScript', url: 'http://127.0.0.1:1/missing.js' }])]);
    const outcome = runtime.fire({ type: 'directCall', name: 'go' });
    await clock.advance(0);
    const script = document.head.querySelector('script[src="http://127.0.0.1:1/missing.js"]') as HTMLScriptElement | null;
    expect(script?.async).toBe(true);
    expect(await outcome).toEqual([{ rule: 'load', reason: 'error', component: 'action', index: 1, type: 'loadScript', message: scriptLoadFailed('http://127.0.0.1:1/missing.js') }]);
  });
});
