import {
  HIDING_STYLE_ID,
  PERSONALIZATION_EVENTS,
  createPersonalization,
  type PersonalizationDeps,
  type PersonalizationEventDetail,
  type PersonalizationOptions,
  type ScreenInfo,
  type VisitorIdsProvider,
} from '../../src/index.js';
import { createSanitizer } from '../../src/dompurify-sanitizer.js';
import { fakeCookieJar, fakeTimers, recordingTransport, type FakeJar, type Reply } from './fakes.js';

export const PAGE_URL = 'https://www.example.cat/el-temps/';
export const SERVER = 'https://stats.example.cat';
/** 2026-01-01T00:00:00Z. */
export const START_MS = 1_767_225_600_000;

export const SCREEN: ScreenInfo = {
  browser: { height: 800, width: 1280, timeOffsetMin: 60 },
  screen: { height: 1080, width: 1920, colorDepth: 24, pixelRatio: 2, orientation: 'landscape' },
};

export interface Setup {
  options?: Partial<PersonalizationOptions>;
  /** Personalisation vendor consent. Default true. */
  consent?: boolean;
  cookies?: string;
  /** Cookies cannot be saved. */
  cookiesBlocked?: boolean;
  href?: string;
  visitorIds?: VisitorIdsProvider;
  reply?: Reply;
  /** The body's markup. */
  html?: string;
  /** A hiding style in head before the client starts, as the head snippet adds it. */
  prehidden?: boolean;
  /** Give the client this deps field instead. */
  deps?: Partial<PersonalizationDeps>;
}

let lastListeners = new AbortController();
/** The previous client's page address: each test is a new page view (offer-keeper.ts forgets the last one's offers). */
let lastLocation: { href: string } | undefined;

/** A client on jsdom's document, with fake time, a fake jar and a recording transport. */
export function setupClient(setup: Setup = {}) {
  lastListeners.abort();
  if (lastLocation) lastLocation.href = 'about:blank#left';
  const listeners = (lastListeners = new AbortController());
  document.head.innerHTML = setup.prehidden ? `<style id="${HIDING_STYLE_ID}">body {opacity: 0 !important}</style>` : '';
  document.body.innerHTML = setup.html ?? '<div id="hero">default</div>';
  delete (document as unknown as Record<symbol, unknown>)[Symbol.for('mesura.personalize')];

  const clock = { nowMs: START_MS };
  const timers = fakeTimers(clock);
  const jar: FakeJar = fakeCookieJar(clock, setup.cookies, setup.cookiesBlocked);
  const transport = recordingTransport(timers);
  if (setup.reply) transport.answer(setup.reply);
  const warnings: string[] = [];
  const events: PersonalizationEventDetail[] = [];
  for (const name of Object.values(PERSONALIZATION_EVENTS)) {
    document.addEventListener(name, (event) => events.push((event as CustomEvent<PersonalizationEventDetail>).detail), {
      signal: listeners.signal,
    });
  }
  const url = new URL(setup.href ?? PAGE_URL);
  const redirects: string[] = [];
  const location = {
    href: url.href,
    hostname: url.hostname,
    protocol: url.protocol,
    origin: url.origin,
    search: url.search,
    replace: (to: string) => void redirects.push(to),
  };
  lastLocation = location;
  let ids = 0;
  const deps: PersonalizationDeps = {
    now: () => clock.nowMs,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    send: transport.send,
    document,
    cookies: jar,
    location,
    screenInfo: () => SCREEN,
    randomId: () => (ids += 1).toString(16).padStart(32, '0'),
    consent: { hasVendorConsent: (vendor) => (setup.consent ?? true) && vendor === 'personalisation' },
    visitorIds: setup.visitorIds ?? {},
    warn: (message) => void warnings.push(message),
    // DOMPurify itself, on jsdom's window: what /mesura-sanitize.js publishes in a browser.
    loadSanitizer: () => Promise.resolve(createSanitizer(document)),
    ...setup.deps,
  };
  const create = () => createPersonalization({ clientCode: 'mesura', server: SERVER, globalMboxAutoCreate: false, ...setup.options }, deps);
  const client = create();
  return {
    client,
    create,
    clock,
    timers,
    jar,
    transport,
    warnings,
    events,
    redirects,
    deps,
    /** Event types, in order. */
    types: () => events.map((e) => e.type.replace('mesura:personalize:', '')),
    hidden: () => document.getElementById(HIDING_STYLE_ID) !== null,
  };
}
