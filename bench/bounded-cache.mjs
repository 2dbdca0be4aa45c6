// What a new id costs the collector's event loop once its recent event ids are full
// (server/src/ingest/recent-event-ids.ts, 200,000 ids at the default budget): RecentEventIds as
// shipped, against the same bound kept by deleting a Map's first key (what it did before), run in
// this process one after the other. V8 leaves a Map's deleted entries in place until it rehashes,
// and finding the first key steps over them all. Prints µs per id over each 200,000 ids.
// Usage: npm run bench:bounded-cache
import { RECENT_EVENT_IDS, RecentEventIds } from '@mesura/server/tooling';

const IDS = 2_000_000;
const REPORT_EVERY = 200_000;
const WRITTEN = Promise.resolve();

/** The bound as it was: the first key of a Map deleted when it is full. */
function firstKeyMap(capacity) {
  const writes = new Map();
  return (id) => {
    if (writes.has(id)) return;
    if (writes.size >= capacity) writes.delete(writes.keys().next().value);
    writes.set(id, WRITTEN);
  };
}

function run(name, add) {
  for (let i = 0; i < RECENT_EVENT_IDS; i++) add(`warm-${i}`);
  const perStep = [];
  let started = performance.now();
  for (let i = 0; i < IDS; i++) {
    add(`id-${i}`);
    if ((i + 1) % REPORT_EVERY === 0) {
      perStep.push((performance.now() - started) * (1000 / REPORT_EVERY));
      started = performance.now();
    }
  }
  console.log(`${name.padEnd(24)} µs per new id, each ${REPORT_EVERY.toLocaleString('en')} ids: ${perStep.map((us) => us.toFixed(2)).join(' ')}`);
  return perStep.reduce((sum, us) => sum + us, 0) / perStep.length;
}

const recent = new RecentEventIds(RECENT_EVENT_IDS);
const shipped = run('RecentEventIds', (id) => recent.writeOnce(id, () => WRITTEN));
const before = run('first key of a Map', firstKeyMap(RECENT_EVENT_IDS));
console.log(`mean: ${shipped.toFixed(2)} µs against ${before.toFixed(2)} µs (ratio ${(shipped / before).toFixed(3)}), ${RECENT_EVENT_IDS.toLocaleString('en')} ids kept`);
