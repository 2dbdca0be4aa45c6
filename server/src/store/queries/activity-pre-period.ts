/**
 * The pre-period of an activity's visitors, for CUPED (decide/statistics-cuped.ts), on both engines: per
 * experience, its visitors and conversions as experienceCountsSql counts them, with the sums of
 * each visitor's page views in the CUPED_PRE_PERIOD_DAYS before their first impression (X), of
 * their squares, and of X over the converted (ΣXY, Y being 0 or 1). The page views are the
 * collector's hits of the impression's analytics visitor, bots left out, at most
 * CUPED_PAGE_VIEWS_CAP; a visitor without one, or new to the site, has X = 0. Its visitors and
 * conversions are experienceCountsSql's (the same first_seen and converted), so the report reads
 * this query alone where the store has it. Reading hits from before the impression cannot be moved by the
 * experience, which is what makes the adjustment unbiased.
 */
import type { Activity } from '@mesura/protocol';
import type { PrePeriodSums, SiteGoalHits } from '../decision-store.js';
import { convertedSql, FIRST_SEEN_SQL, visitorsClickHouse } from './activity-results.js';

/**
 * Two weeks before the first impression: both weekdays and weekends of a news site's reading, and
 * within the shortest retention of hits a data folder is likely to keep.
 */
export const CUPED_PRE_PERIOD_DAYS = 14;

/**
 * Page views counted per visitor at most (winsorised): a few robots that pass as readers and heavy
 * readers with thousands of page views would otherwise make θ and the variances theirs. Any
 * function of the pre-period keeps the adjustment unbiased; capping only makes it steadier.
 */
export const CUPED_PAGE_VIEWS_CAP = 50;

const DAY_MS = 86_400_000;
const PRE_PERIOD_MS = CUPED_PRE_PERIOD_DAYS * DAY_MS;

/** DuckDB: per experience, its visitors, conversions and the pre-period sums. */
export function experiencePrePeriodSql(activity: Activity, siteGoal?: SiteGoalHits): string {
  return `WITH first_seen AS (${FIRST_SEEN_SQL}),
     converted AS (${convertedSql(activity, siteGoal)}),
     pre_period AS (
       SELECT f.visitor_id, least(count(h.visitor_id), ${CUPED_PAGE_VIEWS_CAP}) AS page_views FROM first_seen f LEFT JOIN hits h
         ON h.visitor_id = f.analytics_visitor_id AND h.hit_type = 'page_view' AND NOT h.is_bot
           AND h.received_at >= f.first_at - INTERVAL ${CUPED_PRE_PERIOD_DAYS} DAY AND h.received_at < f.first_at
       GROUP BY f.visitor_id)
     SELECT f.experience_id, count(*) AS visitors, count(c.visitor_id) AS conversions,
       coalesce(sum(p.page_views), 0) AS sum_x, coalesce(sum(p.page_views * p.page_views), 0) AS sum_x_squares,
       coalesce(sum(CASE WHEN c.visitor_id IS NULL THEN 0 ELSE p.page_views END), 0) AS sum_xy
     FROM first_seen f JOIN pre_period p ON p.visitor_id = f.visitor_id LEFT JOIN converted c ON c.visitor_id = f.visitor_id
     GROUP BY 1`;
}

/**
 * ClickHouse (18.16 and current): the analytics visitors' page views from the days their pre-period
 * can reach, one per event id and suite (the first received, as DuckDB's load keeps a hit once),
 * as each visitor's array of receive times. The days run from the pre-period of the activity's
 * first impression to the day after its last, a day's margin either side for the zone.
 */
function prePeriodPageViewsClickHouse(): string {
  const impressions = `decision_events WHERE activity_id = $activity AND type = 'impression'`;
  const utcDay = (ms: string) => `toDate(toDateTime(intDiv(${ms}, 1000), 'UTC'))`;
  return `(SELECT visitor_id AS goal_visitor, groupArray(received_at) AS page_view_times FROM (
      SELECT event_id, report_suite, visitor_id, received_at FROM hits
      WHERE visitor_id IN (SELECT assumeNotNull(analytics_visitor_id) FROM ${impressions} AND isNotNull(analytics_visitor_id))
        AND day BETWEEN (SELECT ${utcDay('min(decided_at)')} - ${CUPED_PRE_PERIOD_DAYS + 1} FROM ${impressions})
          AND (SELECT ${utcDay('max(decided_at)')} + 1 FROM ${impressions})
        AND hit_type = 'page_view' AND NOT is_bot
      ORDER BY received_at, event_id LIMIT 1 BY event_id, report_suite)
    GROUP BY visitor_id)`;
}

/**
 * ClickHouse: experiencePrePeriodSql's figures. Each visitor key (activity-results.ts
 * `visitorsClickHouse`, which counts visitors and conversions as the report does) is joined to its
 * analytics visitor's page views, and X is how many fall in the CUPED_PRE_PERIOD_DAYS before its
 * first impression (the lambda takes `first_at` as an argument, as activity-results.ts `after`
 * explains), capped; no analytics visitor, X = 0.
 */
export function experiencePrePeriodClickHouse(activity: Activity, siteGoal?: SiteGoalHits): string {
  const inPrePeriod = `arrayFilter((t, first) -> t >= first - ${PRE_PERIOD_MS} AND t < first, page_view_times, replicate(first_at, page_view_times))`;
  return `SELECT experience_id, count() AS visitors, sum(converted) AS conversions,
      sum(x) AS sum_x, sum(x * x) AS sum_x_squares, sum(converted * x) AS sum_xy
    FROM (SELECT experience_id, converted, if(has_goal_visitor, least(length(${inPrePeriod}), ${CUPED_PAGE_VIEWS_CAP}), 0) AS x
      FROM ${visitorsClickHouse(activity.goal, 'all', siteGoal)} AS visitors
      ALL LEFT JOIN ${prePeriodPageViewsClickHouse()} AS pre_period USING (goal_visitor))
    GROUP BY experience_id ORDER BY experience_id`;
}

/** A row of either engine's text: numbers as the engine writes them (a string for ClickHouse's 64-bit ones). */
type PrePeriodRow = { [column in 'experience_id' | 'visitors' | 'conversions' | 'sum_x' | 'sum_x_squares' | 'sum_xy']?: unknown };

/** The answer of either engine's text above, one row per experience, as the reports read it. */
export function prePeriodSumsOf(rows: readonly PrePeriodRow[]): PrePeriodSums {
  const experiences = rows.map((row) => ({
    experienceId: String(row.experience_id),
    visitors: Number(row.visitors),
    conversions: Number(row.conversions),
    sumX: Number(row.sum_x),
    sumXSquares: Number(row.sum_x_squares),
    sumXY: Number(row.sum_xy),
  }));
  return { prePeriodDays: CUPED_PRE_PERIOD_DAYS, experiences };
}
