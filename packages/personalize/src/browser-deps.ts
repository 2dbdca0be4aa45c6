/**
 * The browser adapter: the one module that reads `window`, `document`, `fetch`, `screen` and
 * `crypto`. Called only when a client is created without them, never at import time.
 */
import type { PersonalizationDeps, ScreenInfo } from './deps.js';
import { loadSanitizerScript } from './sanitizer-script.js';

const NO_CONSENT = { hasVendorConsent: () => false };
const warn = (message: string) => console.warn(`[mesura personalize] ${message}`);

function screenInfo(): ScreenInfo {
  const { screen: s, innerHeight, innerWidth, devicePixelRatio } = window;
  return {
    browser: { height: innerHeight, width: innerWidth, timeOffsetMin: -new Date().getTimezoneOffset() },
    screen: {
      height: s.height,
      width: s.width,
      colorDepth: s.colorDepth,
      pixelRatio: devicePixelRatio,
      orientation: s.orientation?.type.split('-')[0],
    },
  };
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the page itself provides; any of it can be replaced. */
function browserDeps(): Omit<PersonalizationDeps, 'consent' | 'visitorIds' | 'warn' | 'loadSanitizer'> {
  return {
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    send: (url, init) => fetch(url, init),
    document,
    cookies: {
      get: () => document.cookie,
      set: (cookie) => {
        document.cookie = cookie;
      },
    },
    location: window.location,
    screenInfo,
    randomId,
  };
}

/**
 * The browser's dependencies, each overridden by the caller's; outside a page (no `document`, as in
 * a test without a DOM) the caller gives them all. Reading the globals has no effect: only calls
 * use them. The default sanitiser comes from `sanitizerUrl`, added to the resolved document.
 */
export function resolveDeps(given: Partial<PersonalizationDeps> | undefined, sanitizerUrl: string): PersonalizationDeps {
  const deps = { consent: NO_CONSENT, visitorIds: {}, warn, ...(typeof document === 'object' && browserDeps()), ...given } as PersonalizationDeps;
  deps.loadSanitizer ??= () => loadSanitizerScript(deps.document, sanitizerUrl);
  return deps;
}
