// Synthetic decision events for bench:storage, as the ingest log holds them (DecisionEventRow,
// server/src/store/decision-row.ts), made from the page views they go with: the site's pages ask
// for a decision on their location (mbox), an active activity there returns an experience (an
// impression), and a few visitors click its goal (a conversion). Ids have the collector's shapes:
// a random UUID per decision, the device key of decide/visitor-ids.ts (sha256 of the analytics
// visitor id, 32 hex). Seeded, so two runs make the same rows.
import { createHash } from 'node:crypto';
import { seededRandom } from '@mesura/media/replay';

/** Share of page views whose location has an active activity (the home page, the weather, articles under test). */
export const IMPRESSIONS_PER_PAGE_VIEW = 0.3;
/** Share of impressions followed by a click on the goal. */
export const CONVERSIONS_PER_IMPRESSION = 0.04;
/** When the impression is recorded after the page view, and the click after the impression. */
const DECISION_DELAY_MS = 300;
const CONVERSION_DELAY_MS = 20_000;
/** The activities of the site (decide/site-activities.ts's shapes) with their experiences. */
const ACTIVITIES = [
  ['el-temps-disseny', ['a', 'b']],
  ['portada-titular', ['a', 'b']],
  ['noticia-titular', ['a', 'b', 'c']],
  ['esports-destacat', ['a', 'b']],
  ['programes-recomanacions', ['a', 'b', 'c', 'd']],
];

const hex = (next, digits) => Array.from({ length: digits }, () => Math.floor(next() * 16).toString(16)).join('');
const uuid = (next) => `${hex(next, 8)}-${hex(next, 4)}-4${hex(next, 3)}-${'89ab'[Math.floor(next() * 4)]}${hex(next, 3)}-${hex(next, 12)}`;

/** Makes the decision events of the page views it is given, hour after hour. */
export function createDecisionTraffic({ seed = 20261127 } = {}) {
  const next = seededRandom(seed);
  const keys = new Map();
  const visitorKey = (visitorId) => {
    let key = keys.get(visitorId);
    if (key === undefined) {
      key = createHash('sha256').update(visitorId).digest('hex').slice(0, 32);
      keys.set(visitorId, key);
    }
    return key;
  };
  /** The decision rows of these hits' page views (other hits give none), in time order. */
  return function decisionsOf(hits) {
    const rows = [];
    for (const hit of hits) {
      if (hit.hitType !== 'page_view' || next() >= IMPRESSIONS_PER_PAGE_VIEW) continue;
      const n = Math.abs(hit.pageName.length * 31 + hit.channel.length) % ACTIVITIES.length;
      const [activityId, experiences] = ACTIVITIES[n];
      const experienceId = experiences[Math.floor(next() * experiences.length)];
      const event = (type, atMs) => ({
        kind: 'decision',
        decisionId: uuid(next),
        type,
        activityId,
        experienceId,
        visitorKey: visitorKey(hit.visitorId),
        analyticsVisitorId: hit.visitorId,
        mbox: `mesura-${hit.channel}-${n}`,
        atMs,
      });
      rows.push(event('impression', hit.receivedAtMs + DECISION_DELAY_MS));
      if (next() < CONVERSIONS_PER_IMPRESSION) rows.push(event('conversion', hit.receivedAtMs + CONVERSION_DELAY_MS));
    }
    return rows.sort((a, b) => a.atMs - b.atMs);
  };
}
