/**
 * The hits that convert a site-goal activity's visitors (`{type: 'siteGoal'}`), on both engines:
 * the hits that reach the site goal in the Objectius reports (hit-match.ts `goalMatch` and
 * `hitsSql`, read by goal-conversions.ts), of the analytics visitors of the activity's
 * impressions. activity-results.ts joins them to each visitor's first impression as it joins the
 * hits of a page-view or event goal: a conversion is such a hit strictly after it. Reading the
 * report tables rather than the raw hits is what makes an experiment's conversions and the goal's
 * report count the same hits: bots left out, one row per event id, the same address and call
 * matching.
 *
 * The report tables keep the visitor as a hash (`visitor_key`: DuckDB's `hash`, ClickHouse's
 * `cityHash64` of the visitor id, as their loads write it), so the impressions' analytics visitor
 * is hashed alike to meet them. Values are `$name`s: `$activity`, `$suite`, `$from` and `$to`
 * (hitsSql's range of local days; over all time, ALL_TIME_DAYS).
 */
import type { SiteGoalHits } from '../decision-store.js';
import { goalMatch, hitsSql, NO_HITS, type EngineText } from './hit-match.js';

/**
 * The local days an all-time count reads: every day the report tables can hold, on both engines
 * (ClickHouse 18.16's Date ends in 2106). DuckDB narrows the rows by the activity's visitors as it
 * scans; ClickHouse starts at its first impression's day (FIRST_IMPRESSION_DAY_CLICKHOUSE).
 */
export const ALL_TIME_DAYS = { from: '1970-01-02', to: '2105-12-31' } as const;

/**
 * ClickHouse: the first day an all-time count reads, as `from`: the UTC day of the activity's first
 * impression, less one for the zone (a local day is never more than one off). Its page views are
 * kept once per event id by a sort (hit-match.ts), which would otherwise sort every page view of
 * the suite's history. No impression yet: ALL_TIME_DAYS's first day (the floor is the day after
 * it, taken before the day is less one: a Date less a day wraps at 1970-01-01).
 */
export const FIRST_IMPRESSION_DAY_CLICKHOUSE = `SELECT toString(greatest(toDate(toDateTime(intDiv(min(decided_at), 1000), 'UTC')), toDate('${ALL_TIME_DAYS.from}') + 1) - 1) AS from_day
  FROM decision_events WHERE activity_id = $activity AND type = 'impression'`;

/** The analytics visitors of the activity's impressions, hashed as the report tables keep them. */
const IMPRESSION_VISITOR_KEYS: EngineText = {
  duckdb: ` AND visitor_key IN (SELECT hash(analytics_visitor_id) FROM decision_events
    WHERE activity_id = $activity AND type = 'impression' AND analytics_visitor_id IS NOT NULL)`,
  clickhouse: ` AND visitor_key IN (SELECT cityHash64(assumeNotNull(analytics_visitor_id)) FROM decision_events
    WHERE activity_id = $activity AND type = 'impression' AND isNotNull(analytics_visitor_id))`,
};

/** The goal's hits of the range (`visitor_key`, `t` in epoch ms), of the activity's visitors only. */
export function siteGoalHitsSql(siteGoal: SiteGoalHits | undefined): EngineText {
  const match = siteGoal?.definition === undefined ? NO_HITS : goalMatch(siteGoal.definition);
  return hitsSql(match, IMPRESSION_VISITOR_KEYS);
}

/**
 * DuckDB: per visitor key of `first_seen` (visitor_id, first_at, analytics_visitor_id), the
 * receive time (TIMESTAMP) of its first goal hit after the first impression.
 */
export function siteGoalConversionsDuckDb(siteGoal: SiteGoalHits | undefined): string {
  return `SELECT f.visitor_id, epoch_ms(min(g.t)) AS converted_at FROM first_seen f
    JOIN (${siteGoalHitsSql(siteGoal).duckdb}) AS g ON g.visitor_key = hash(f.analytics_visitor_id) AND g.t > epoch_ms(f.first_at)
    GROUP BY f.visitor_id`;
}

/**
 * ClickHouse: per hashed analytics visitor (`goal_visitor_key`), the receive times of its goal
 * hits, as activity-results.ts `visitorsClickHouse` reads a page-view goal's `goal_times`.
 */
export function siteGoalTimesClickHouse(siteGoal: SiteGoalHits | undefined): string {
  return `(SELECT visitor_key AS goal_visitor_key, groupArray(t) AS goal_times
    FROM (${siteGoalHitsSql(siteGoal).clickhouse}) AS site_goal_hits GROUP BY visitor_key)`;
}

/** The values a site-goal text binds besides the activity's: the suite, and over all time the days. */
export function siteGoalValues(siteGoal: SiteGoalHits | undefined, scope: 'all' | 'range'): Record<string, string> {
  // No suite given (a caller without the goals store): the goal reaches nothing, but the text still binds one.
  const suite = { suite: siteGoal?.suite ?? '' };
  return scope === 'all' ? { ...suite, ...ALL_TIME_DAYS } : suite;
}
