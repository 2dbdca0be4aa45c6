// What each step of the collector's request path costs per beacon, in process and without I/O:
// decoding bench:ingest's beacons, enriching them into rows (server/src/ingest/pipeline.ts), the
// rows' JSON for the ingest log, the two token buckets (address and visitor) and the recent event
// ids. CPU µs a beacon, the median of ROUNDS rounds of BEACONS each (the first two left out: the
// JIT), with the load average. The costs node:http, the log's write and sync and the store's loads
// add are bench:ingest's (docs/capacity.md §4). ROOT (default this checkout) names another build,
// e.g. a worktree of an earlier commit built with `npx tsc -b server`, to compare the two alternately.
// Usage: node bench/request-steps.mjs [root]   (after `npx tsc -b server`)
import { loadavg } from 'node:os';
import path from 'node:path';
import { BROWSER_UA } from './connection-pool.mjs';
import { ingestBeacons } from './ingest-beacons.mjs';

const ROOT = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const BEACONS = 20_000;
const ROUNDS = 6;
const WARM_ROUNDS = 2;

const dist = (file) => import(path.join(ROOT, file));
const { decodeBeacon, SITE_VARIABLE_MAP, storedUserAgent } = await dist('packages/protocol/dist/index.js');
const { createPipeline } = await dist('server/dist/ingest/pipeline.js');
const { createConsentChecker } = await dist('server/dist/ingest/consent-checker.js');
const { localDayIn } = await dist('server/dist/local-day.js');
const { TokenBuckets } = await dist('server/dist/http/token-buckets.js');
const { RecentEventIds } = await dist('server/dist/ingest/recent-event-ids.js');
const { openGeolocator, geoDatabaseFiles } = await dist('server/dist/ingest/steps/geolocate.js');

const nextBeacon = ingestBeacons();
const paths = Array.from({ length: BEACONS }, nextBeacon);
// As the collector makes them (ingest/intake.ts, http/edge-limits-server.ts, its defaults).
const pipeline = createPipeline({
  environment: 'production',
  variableMap: SITE_VARIABLE_MAP,
  localDay: localDayIn('Europe/Madrid'),
  checkConsent: createConsentChecker({ policy: 'verify', refusals: { count: () => undefined } }),
  keepUserAgent: false,
  locate: openGeolocator(geoDatabaseFiles(undefined)),
});
const addresses = new TokenBuckets({ ratePerS: 1000, burst: 2000, maxEntries: 100_000 });
const visitors = new TokenBuckets({ ratePerS: 10, burst: 60, maxEntries: 100_000 });
const recent = new RecentEventIds(200_000);
const DURABLE = Promise.resolve();

/** CPU µs per beacon of `run`. */
function cpuPerBeacon(run) {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / BEACONS;
}

const steps = { decoding: [], enrichment: [], 'the row JSON': [], 'both buckets': [], 'recent ids': [] };
const loadStart = loadavg()[0];
for (let round = 0; round < ROUNDS; round++) {
  const beacons = [];
  const rows = [];
  const atMs = Date.now();
  const split = (p) => [p.slice(0, p.indexOf('?')), p.slice(p.indexOf('?') + 1)];
  const costs = {
    decoding: cpuPerBeacon(() => {
      for (const p of paths) beacons.push(decodeBeacon(...split(p)).value);
    }),
    enrichment: cpuPerBeacon(() => {
      for (let i = 0; i < BEACONS; i++) {
        const [rawPath, rawParams] = split(paths[i]);
        const facts = { receivedAtMs: atMs + i, ip: `127.0.0.${i % 50}`, userAgent: storedUserAgent(BROWSER_UA), rawPath, rawParams };
        rows.push(...pipeline(beacons[i], facts));
      }
    }),
    'the row JSON': cpuPerBeacon(() => {
      let text = '';
      for (const row of rows) text += `${JSON.stringify(row)}\n`;
      if (text.length < rows.length) throw new Error('no rows');
    }),
    'both buckets': cpuPerBeacon(() => {
      for (let i = 0; i < BEACONS; i++) {
        addresses.take(`127.0.0.${i % 50}`, atMs + i / 5);
        visitors.take(rows[i].visitorId, atMs + i / 5);
      }
    }),
    'recent ids': cpuPerBeacon(() => {
      for (let i = 0; i < BEACONS; i++) recent.writeOnce(`mesuradev\u0000${rows[i].eventId}-${round}`, () => DURABLE);
    }),
  };
  if (round >= WARM_ROUNDS) for (const [step, us] of Object.entries(costs)) steps[step].push(us);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
};
console.log(`request steps of ${ROOT}: CPU µs a beacon, median of ${ROUNDS - WARM_ROUNDS} rounds of ${BEACONS} (load average ${loadStart.toFixed(2)} -> ${loadavg()[0].toFixed(2)})`);
let total = 0;
for (const [step, values] of Object.entries(steps)) {
  total += median(values);
  console.log(`${step.padEnd(14)} ${median(values).toFixed(2).padStart(7)}`);
}
console.log(`${'in all'.padEnd(14)} ${total.toFixed(2).padStart(7)}`);
