/**
 * The bundle's entry point: wires the tracker to the page and replaces the inline snippet's queue
 * (`window.mesura.q`) with the real `window.mesura`, replaying the calls made before it arrived.
 */
import { ALLOW_ALL } from './consent-gate.js';
import { FALLBACK_REPORT_SUITE, PAGE_VIEW_CALL } from './constants.js';
import { replayQueue, type SnippetQueue } from './command-queue.js';
import { createTracker, type TrackDetail } from './tracker.js';
import { browserTransport } from './transport.js';

interface MesuraConfig {
  reportSuite?: string;
  autoPageView?: boolean;
  collector?: string;
}

interface MesuraGlobal extends SnippetQueue {
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
  const queue = window.mesura;
  const track = (name: string, detail?: TrackDetail) => void tracker.track(name, detail);
  window.mesura = { track };
  replayQueue(queue, track, { get: () => window.mesuraData, set: (value) => (window.mesuraData = value) });
  if (config.autoPageView !== false) track(PAGE_VIEW_CALL);
}

start();
