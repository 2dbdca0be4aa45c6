/**
 * The page's analytics as the replay and the unit tests run it: @mesura/analytics' createAnalytics
 * on the replay's clock, seeded random source and UTC time, its beacons handed to the tracker's
 * transport as whole URLs. The start hits are thus encoded by the one analytics encoder, as on the
 * site, and a run still prints the same lines every time.
 */
import { createAnalytics, memoryStore } from '@mesura/analytics';
import type { TcfSignal } from '@mesura/protocol';
import type { Transport } from '../deps.js';
import { createMediaAnalytics, type MediaAnalytics } from '../media-analytics.js';
import { utcClientTime } from './replay-fixtures.js';

export interface ReplayAnalyticsOptions {
  /** One suite, or several for multi-suite tagging. */
  reportSuites: string | readonly string[];
  /** The collector's host, e.g. 'metrics.example.cat'. */
  trackingServer: string;
  /** Whether the collector is reached over https (the hits' URLs, `h:sc:ssl`). Default true. */
  ssl?: boolean;
  transport: Transport;
  visitorId: () => string | undefined;
  /** Epoch ms. */
  now: () => number;
  /** A number in [0, 1): one draw per random byte of `eid` and the path's cache-buster. */
  random: () => number;
  /** The visitor's TCF signal, sent with every start hit. Default: none sent. */
  consent?: () => TcfSignal | undefined;
  /** The measurement version reported to the audio check. Default MEDIA_ANALYTICS_MEASUREMENT_VERSION. */
  version?: string;
}

export function replayMediaAnalytics(options: ReplayAnalyticsOptions): MediaAnalytics {
  const reportSuites = typeof options.reportSuites === 'string' ? [options.reportSuites] : [...options.reportSuites];
  const origin = `${options.ssl === false ? 'http' : 'https'}://${options.trackingServer}`;
  const analytics = createAnalytics({
    reportSuites,
    transport: { send: (path, query) => options.transport.send(`${origin}${path}?${query}`) },
    visitorId: () => options.visitorId() ?? '',
    now: () => new Date(options.now()),
    clientTime: (date) => utcClientTime(date.getTime()),
    random: (bytes) => bytes.map(() => Math.floor(options.random() * 256)),
    browserInfo: () => ({}),
    referrer: '',
    clickStore: memoryStore(),
    consentSignal: options.consent,
  });
  return createMediaAnalytics({
    analytics,
    reportSuite: reportSuites.join(','),
    trackingServer: options.trackingServer,
    ssl: options.ssl,
    version: options.version,
  });
}
