// Consent in the demo: the TC strings the site's consent manager writes for each kind of answer
// (@mesura/consent), the banner's answers counted by POST /api/consent/choices, and the beacons of
// stale pages that the collector refuses against their own signal (the consent/refusals report).
// Neither an answer nor a refused beacon carries an identifier the server could de-duplicate, so
// the days already sent are kept in the data folder (sent-days.mjs).
import { VENDOR_IDS, acceptAll, createVendorList, encodeChoice, rejectAll } from '@mesura/consent';
import { weighted } from './seeded.mjs';

const DAY_MS = 86_400_000;
/** The banner's three answers, as POST /api/consent/choices names them, and their shares of the answers. */
export const BANNER_ANSWERS = [
  ['accept-all', 0.68],
  ['reject-all', 0.21],
  ['custom', 0.11],
];

/** TC strings by answer and UTC day of the choice: a TC string records the day, not the time (TCF 2.2). */
export function createTcStrings() {
  const gvl = createVendorList();
  const all = acceptAll(gvl);
  const personalisation = VENDOR_IDS.personalisation;
  // "Desa la selecció" with measurement kept and personalisation refused: the usual custom answer.
  const custom = { ...all, vendors: all.vendors.filter((id) => id !== personalisation), vendorLegitimateInterests: all.vendorLegitimateInterests.filter((id) => id !== personalisation) };
  const choices = { 'accept-all': all, custom, 'reject-all': rejectAll() };
  const cache = new Map();
  return (answer, atMs) => {
    const day = Math.floor(atMs / DAY_MS) * DAY_MS;
    const key = `${answer}\u0000${day}`;
    if (!cache.has(key)) cache.set(key, encodeChoice(choices[answer], { gvl, now: day }));
    return cache.get(key);
  };
}

/** The visitor's signal on every hit: `gdpr=1` and the TC string of their answer. */
export const signalOf = (tcString) => ({ gdprApplies: true, tcString });

/** One answer to the banner at `atMs`: a keepalive POST with only the answer (apps/site consent banner). */
export function bannerAnswer(answer, atMs) {
  return { kind: 'consent-choice', method: 'POST', path: '/api/consent/choices', body: JSON.stringify({ choice: answer }), contentType: 'application/json', atMs };
}

/**
 * A page view from a page left open since before its visitor said no (or a tag that ignores the
 * banner): its TC string refuses measurement, so the collector answers 2xx, stores nothing and
 * counts the refusal by reason (server/src/ingest/consent-check.ts).
 */
export function refusedBeacon(beacon) {
  return { ...beacon, kind: 'refused-beacon' };
}

/** Share of a day's visits that answer the banner (first visits, and visitors asked again). */
const ANSWERS_PER_VISIT = 0.2;
/**
 * One visit in this many sends a beacon the collector refuses, and at least MIN_REFUSED_PER_DAY
 * visits a day do: the refusals report hides a day of fewer refusals than the minimum cohort (5).
 */
const VISITS_PER_REFUSED = 80;
const MIN_REFUSED_PER_DAY = 7;
/** Up to this many more, drawn per day: stale pages are not a constant. */
const MORE_REFUSED_PER_DAY = 6;
/** One refused beacon in this many has `gdpr=1` without a TC string; the others a TC string that says no. */
const REFUSED_PER_MISSING_SIGNAL = 4;

/**
 * The day's banner answers and refused beacons, at the times of some of its visits: `visits` are
 * dayVisits' (visits.mjs), `beaconAt(visit, signal)` builds a page view of the visit's landing page
 * with another consent signal (a rejected TC string, or `gdpr=1` without one).
 */
export function dayConsentRequests(next, visits, tcString, beaconAt) {
  const requests = [];
  const least = MIN_REFUSED_PER_DAY + Math.floor(next() * (MORE_REFUSED_PER_DAY + 1));
  const refusedEvery = Math.max(1, Math.min(VISITS_PER_REFUSED, Math.floor(visits.length / least)));
  let refused = 0;
  for (const [i, visit] of visits.entries()) {
    const atMs = visit.pages[0]?.atMs;
    if (atMs === undefined) continue;
    if (next() < ANSWERS_PER_VISIT) requests.push(bannerAnswer(weighted(next, BANNER_ANSWERS), atMs - 5_000));
    if (i % refusedEvery === refusedEvery - 1) {
      const signal = ++refused % REFUSED_PER_MISSING_SIGNAL === 0 ? { gdprApplies: true } : signalOf(tcString('reject-all', atMs));
      requests.push(...beaconAt(visit, signal).map(refusedBeacon));
    }
  }
  return requests;
}
