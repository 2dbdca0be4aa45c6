/**
 * The pre-period of an activity's visitors, for CUPED (decide/statistics-cuped.ts), on DuckDB: per
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
import { convertedSql, FIRST_SEEN_SQL } from './activity-results.js';

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

export function experiencePrePeriodSql(activity: Activity): string {
  return `WITH first_seen AS (${FIRST_SEEN_SQL}),
     converted AS (${convertedSql(activity)}),
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
