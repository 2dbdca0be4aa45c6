/**
 * The browser adapter: the one module that reads `window`, `document`, `fetch`, `screen` and
 * `crypto`. Called only when a client is created without them, never at import time.
 */
import type { PersonalizationDeps, ScreenInfo } from './deps.js';

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

/** The real page's dependencies; any of them can be replaced. */
export function browserDeps(): PersonalizationDeps {
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
    consent: NO_CONSENT,
    visitorIds: {},
    warn,
  };
}

const BROWSER_KEYS = ['now', 'setTimer', 'clearTimer', 'send', 'document', 'cookies', 'location', 'screenInfo', 'randomId'] as const;

/** The browser's dependencies, each overridden by the caller's; globals are read only when one is missing. */
export function resolveDeps(given: Partial<PersonalizationDeps> = {}): PersonalizationDeps {
  const needsBrowser = BROWSER_KEYS.some((key) => given[key] === undefined);
  const base = needsBrowser ? browserDeps() : { consent: NO_CONSENT, visitorIds: {}, warn };
  return { ...base, ...given } as PersonalizationDeps;
}
