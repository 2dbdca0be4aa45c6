/**
 * One data set for the site-goal activities' results (store/queries/activity-site-goal-hits.ts),
 * asked of DuckDB alone and of both engines: two activities, one converting on an exact-address
 * page goal and one on a direct call goal, the same impressions in each, and the hits that convert
 * them or must not (before the impression, a bot's, another suite's, a near address, the call's
 * event on a page view, a visitor without an analytics id).
 */
import type { Activity, GoalDefinition } from '@mesura/protocol';
import { localDayIn } from '../../src/local-day.js';
import type { DayRange, ExperienceCounts, ExperienceDayCounts, SiteGoalHits } from '../../src/store/decision-store.js';
import type { DecisionEventRow } from '../../src/store/decision-row.js';
import type { HitRow } from '../../src/store/hit-row.js';
import { testActivity } from './activity.js';
import { hitRow } from './event-rows.js';

export const SITE_GOAL_TIME_ZONE = 'Europe/Madrid';
/** hitRow's suite: the one the results are asked for. */
export const SITE_GOAL_SUITE = 'mesuradev';
const localDay = localDayIn(SITE_GOAL_TIME_ZONE);
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** 2026-01-11 00:00 in Madrid (UTC+1); day n is DAY1 + (n - 1) days. */
const DAY1_MS = Date.UTC(2026, 0, 10, 23);
const at = (day: number, hours: number, minutes = 0) => DAY1_MS + (day - 1) * DAY_MS + hours * HOUR_MS + minutes * MINUTE_MS;
/** Days 1 to 3; day 5 falls after it. */
export const SITE_GOAL_RANGE: DayRange = { from: '2026-01-11', to: '2026-01-13' };

const THANKS_URL = 'https://example.cat/gracies';
export const EXACT_PAGE_GOAL: GoalDefinition = { id: 'gracies', name: 'Pàgina de gràcies', type: 'page', url: THANKS_URL, match: 'exact' };
export const CALL_GOAL: GoalDefinition = { id: 'comparticions', name: 'Comparticions', type: 'call', call: '3' };

const experiences = [
  { id: 'a', name: 'A', share: 1 },
  { id: 'b', name: 'B', share: 1 },
];
export const EXACT_PAGE_ACTIVITY: Activity = testActivity({ id: 'web-pagina', experiences, goal: { type: 'siteGoal', goal: EXACT_PAGE_GOAL.id } });
export const CALL_ACTIVITY: Activity = testActivity({ id: 'web-crida', experiences, goal: { type: 'siteGoal', goal: CALL_GOAL.id } });

/** What the results of `activity` read of its goal, as the routes give it (decide/activity-site-goal.ts). */
export const siteGoalOf = (activity: Activity): SiteGoalHits => ({ definition: activity === CALL_ACTIVITY ? CALL_GOAL : EXACT_PAGE_GOAL, suite: SITE_GOAL_SUITE });

let serial = 0;
function decision(activity: Activity, visitor: string, experienceId: string, atMs: number, analytics: string | null = `v-${visitor}`): DecisionEventRow {
  serial += 1;
  return {
    kind: 'decision',
    decisionId: `sg-d-${serial}`,
    type: 'impression',
    activityId: activity.id,
    experienceId,
    visitorKey: `k-${visitor}`,
    analyticsVisitorId: analytics,
    mbox: activity.id,
    atMs,
  };
}

function hit(visitor: string, atMs: number, overrides: Partial<HitRow> = {}): HitRow {
  serial += 1;
  return hitRow(`sg-h-${serial}`, { visitorId: `v-${visitor}`, receivedAtMs: atMs, clientTimeMs: atMs, day: localDay(atMs), url: 'https://example.cat/portada', events: '[]', ...overrides });
}

/** Both goals reached by one visitor at one time: the thanks page, then the sharing call. */
const reached = (visitor: string, atMs: number, overrides: Partial<HitRow> = {}): HitRow[] => [
  hit(visitor, atMs, { url: THANKS_URL, ...overrides }),
  hit(visitor, atMs + MINUTE_MS, { hitType: 'link_o', linkName: 'Comparteix', events: '[{"id":3,"name":"scCompartir"}]', ...overrides }),
];

/** Every row of the data set: the impressions of both activities, then the hits. */
export function siteGoalRows(): (DecisionEventRow | HitRow)[] {
  const rows: (DecisionEventRow | HitRow)[] = [];
  for (const activity of [EXACT_PAGE_ACTIVITY, CALL_ACTIVITY]) {
    rows.push(
      decision(activity, 's1', 'a', at(1, 10)),
      decision(activity, 's2', 'b', at(1, 10)),
      decision(activity, 's3', 'a', at(2, 10)),
      decision(activity, 's4', 'b', at(2, 10)),
      // No analytics visitor: no hit can convert it.
      decision(activity, 's5', 'b', at(2, 11), null),
      decision(activity, 's6', 'a', at(3, 10)),
    );
  }
  rows.push(
    ...reached('s1', at(1, 11)),
    // A near address (the exact goal wants the address alone) and the call's event on a page view (a call is a link track).
    hit('s2', at(1, 11), { url: `${THANKS_URL}?de=portada`, events: '[{"id":3,"name":"scCompartir"}]' }),
    // Before the impression; then after it, but in another report suite.
    ...reached('s3', at(1, 9)),
    ...reached('s3', at(2, 12), { reportSuite: 'altrasuite' }),
    // A bot's never converts; then after midnight in Madrid (day 3).
    ...reached('s4', at(2, 12), { isBot: true }),
    ...reached('s4', at(3, 0, 15)),
    ...reached('s5', at(2, 12)),
    // After the range (day 5): converted over all time only.
    ...reached('s6', at(5, 9)),
    ...reached('altre', at(1, 11)),
  );
  return rows;
}

/** Each activity's figures over all time: A has s1, s3, s6 (s1 and s6 converted), B has s2, s4, s5 (s4 converted). */
export const SITE_GOAL_COUNTS: ExperienceCounts[] = [
  { experienceId: 'a', visitors: 3, conversions: 2 },
  { experienceId: 'b', visitors: 3, conversions: 1 },
];

/** What each day of SITE_GOAL_RANGE adds: s4 converts on day 3, s6 after the range. */
export const SITE_GOAL_DAY_COUNTS: ExperienceDayCounts[] = [
  { experienceId: 'a', day: '2026-01-11', visitors: 1, conversions: 1 },
  { experienceId: 'b', day: '2026-01-11', visitors: 1, conversions: 0 },
  { experienceId: 'a', day: '2026-01-12', visitors: 1, conversions: 0 },
  { experienceId: 'b', day: '2026-01-12', visitors: 2, conversions: 0 },
  { experienceId: 'a', day: '2026-01-13', visitors: 1, conversions: 0 },
  { experienceId: 'b', day: '2026-01-13', visitors: 0, conversions: 1 },
];

export const byExperience = <T extends { experienceId: string }>(rows: readonly T[]): T[] => [...rows].sort((x, y) => x.experienceId.localeCompare(y.experienceId));
