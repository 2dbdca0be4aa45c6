// The page-view beacon bench:abuse sends (normal visitors and the flooding one), and one timed GET
// on a fresh or kept connection, from a chosen loopback source address.
import http from 'node:http';
import { encodeBeacon } from '@mesura/protocol';

export const BENCH_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
/** The development environment's report suite: accepted by default. */
const REPORT_SUITE = 'mesuradev';
/** Page names the reports group the stored rows by, so that the flood's share can be read back. */
export const NORMAL_PAGE_NAME = 'bench:normal';
export const FLOOD_PAGE_NAME = 'bench:flood';

const runId = `${process.pid.toString(36)}-${Date.now().toString(36)}`;
let sequence = 0;

/** A visitor id as the identity package writes it: two 16-digit hex halves. */
export function visitorId(prefix, n) {
  return `${prefix.padEnd(16, '0').slice(0, 16)}-${n.toString(16).toUpperCase().padStart(16, '0')}`;
}

/** `/b/ss/…?…` for one page view of `visitor`, with an event id of its own (the collector de-duplicates by it). */
export function beaconPath(visitor, pageName) {
  sequence += 1;
  const now = new Date();
  const hit = {
    eventId: `abuse-${runId}-${sequence}`,
    clientTime: {
      day: now.getDate(),
      month0: now.getMonth(),
      year: now.getFullYear(),
      hour: now.getHours(),
      minute: now.getMinutes(),
      second: now.getSeconds(),
      weekday: now.getDay(),
      tzOffsetMin: now.getTimezoneOffset(),
    },
    visitor: { fid: visitor },
    pageName,
    url: 'http://127.0.0.1/noticia/1001/',
    referrer: '',
    channel: 'noticies',
    events: [{ id: 1 }],
    props: {},
    eVars: {},
    hierarchies: {},
    lists: {},
    contextData: {},
    browser: { screen: '1920x1080', colorDepth: '24' },
  };
  return encodeBeacon({ reportSuites: [REPORT_SUITE], libraryVersion: 'MESURA-0.2.0', random: String(1e13 + sequence) }, hit, 'page_view');
}

/**
 * One GET; resolves `{ status, ms }` (status 0 with `error` when there was no answer within
 * `timeoutMs` or the connection failed). Never rejects.
 */
export function timedGet({ port, path, localAddress, agent = false, timeoutMs, headers = {} }) {
  const start = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (status, error) => {
      if (settled) return;
      settled = true;
      resolve({ status, ms: performance.now() - start, ...(error && { error }) });
    };
    const request = http.get({ host: '127.0.0.1', port, path, localAddress, agent, headers: { 'user-agent': BENCH_USER_AGENT, ...headers } }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode ?? 0));
      response.on('error', (error) => done(0, error.code ?? error.message));
    });
    request.setTimeout(timeoutMs, () => {
      request.destroy();
      done(0, 'timeout');
    });
    request.on('error', (error) => done(0, error.code ?? error.message));
  });
}
