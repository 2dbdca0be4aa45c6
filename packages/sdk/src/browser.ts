/**
 * The bundle's entry point: wires the tracker to the page and replaces the inline snippet's queue
 * (`window.mesura.q`) with the real `window.mesura`, replaying the calls made before it arrived.
 */
import { ALLOW_ALL } from './consent-gate.js';
import { FALLBACK_REPORT_SUITE, PAGE_VIEW_CALL } from './constants.js';
import { createTracker, type TrackDetail } from './tracker.js';
import { browserTransport } from './transport.js';

interface MesuraConfig {
  reportSuite?: string;
  autoPageView?: boolean;
  collector?: string;
}

type QueuedCall = [string, ...unknown[]];

interface MesuraGlobal {
  q?: QueuedCall[];
  track: (name: string, detail?: TrackDetail) => void;
}

declare global {
  interface Window {
    mesura?: MesuraGlobal;
    mesuraConfig?: MesuraConfig;
    mesuraData?: unknown;
  }
}

function start(): void {
  const config: MesuraConfig = typeof window.mesuraConfig === 'object' && window.mesuraConfig ? window.mesuraConfig : {};
  const tracker = createTracker({
    reportSuite: config.reportSuite || FALLBACK_REPORT_SUITE,
    readData: () => window.mesuraData,
    pageUrl: () => location.href,
    cookies: { get: () => document.cookie, set: (cookie) => (document.cookie = cookie) },
    now: () => new Date(),
    random: (bytes) => crypto.getRandomValues(bytes),
    referrer: () => document.referrer,
    browser: () => ({
      screen: `${screen.width}x${screen.height}`,
      colorDepth: String(screen.colorDepth),
      cookiesEnabled: navigator.cookieEnabled ? 'Y' : 'N',
      browserWidth: String(window.innerWidth),
      browserHeight: String(window.innerHeight),
    }),
    consent: ALLOW_ALL,
    send: browserTransport(config.collector ?? location.origin),
  });
  const queued = window.mesura?.q ?? [];
  window.mesura = { track: (name, detail) => void tracker.track(name, detail) };
  for (const [method, ...args] of queued) {
    if (method === 'track') window.mesura.track(args[0] as string, args[1] as TrackDetail | undefined);
  }
  if (config.autoPageView !== false) window.mesura.track(PAGE_VIEW_CALL);
}

start();
