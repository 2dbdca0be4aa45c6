/**
 * The goal reports' SQL (reports/goal-reports.ts, docs/goals.md): the range's visits grouped by one
 * visit column, with how many of them reached the goal and their share. Goals apply to the stored
 * events whenever they were defined: each answer reads the visits and the hits that reach it
 * (hit-match.ts), on DuckDB a saved goal's hits kept at load since it was saved or first asked,
 * made for the stored days then (duckdb/kept-hit-matches.ts).
 *
 * A goal's hits are matched to visits as the visits were cut (report-facts-load.ts): the same
 * visitor, received from the visit's first page view to VISIT_IDLE_MINUTES after its last (a later
 * hit would have started another visit). One visitor's visits never overlap, so a hit belongs to
 * at most one. On DuckDB a page view carries the visit it was cut into (`visit_key`), which is
 * that visit; a link hit is kept at load with that visit (duckdb/link-hit-visits.ts); a media
 * completion or stream finds it with an ASOF join (the visitor's latest visit started by then,
 * if still open), a sorted merge where a join on the visitor alone pairs every hit with every
 * visit of its visitor. ClickHouse joins on the visitor and keeps the pairs in time (18.16 joins
 * on equal keys only), as page views carry no visit there. A search goal is the visit's own count.
 */
import type { GoalDefinition } from '@mesura/protocol';
import { VISIT_IDLE_MINUTES } from '../duckdb/report-facts-load.js';
import { CLICKHOUSE_FACTS, CLICKHOUSE_IN_RANGE } from '../clickhouse/report-facts-sql.js';
import type { RankingSpec } from './ranking.js';
import { duckdbHitsCarryVisit, goalMatch, hitsSql, type EngineText } from './hit-match.js';
import { IN_RANGE } from './report-table.js';
import { NO_KEPT_MATCHES, type KeptMatchIds } from './kept-hit-matches.js';

const VISIT_IDLE_MS = VISIT_IDLE_MINUTES * 60_000;
const NO_EXTRA: EngineText = { duckdb: '', clickhouse: '' };

/** DuckDB's visits of the range that `hits` (`visitor_key`, `t`) fall in. */
function duckdbVisitsOfHits(hits: string): string {
  return `SELECT goal_visits.visit_key FROM (${hits}) AS goal_hits
    ASOF JOIN (SELECT visit_key, visitor_key, epoch_ms(started_at) AS started_ms, epoch_ms(ended_at) + ${VISIT_IDLE_MS} AS open_until_ms
      FROM visits WHERE ${IN_RANGE}) AS goal_visits
    ON goal_hits.visitor_key = goal_visits.visitor_key AND goal_hits.t >= goal_visits.started_ms
    WHERE goal_hits.t <= goal_visits.open_until_ms`;
}

/**
 * SQL over a visit row: true when the visit reached the goal, per engine. On DuckDB the goal's
 * hits are read from kept_match_hits when `kept` names its match (duckdb/kept-hit-matches.ts).
 */
export function reachedGoalSql(goal: GoalDefinition, kept: KeptMatchIds = NO_KEPT_MATCHES): EngineText {
  if (goal.type === 'search') return { duckdb: 'searches > 0', clickhouse: 'searches > 0' };
  const match = goalMatch(goal);
  const carried = duckdbHitsCarryVisit(match, true);
  const hits = hitsSql(match, NO_EXTRA, carried ? ['visit_key'] : [], true, kept);
  // A link hit in no visit has no key: left out, so that `IN` answers false for the other visits rather than NULL.
  const duckdb = carried ? `SELECT visit_key FROM (${hits.duckdb}) AS goal_hits WHERE visit_key IS NOT NULL` : duckdbVisitsOfHits(hits.duckdb);
  return {
    duckdb: `visit_key IN (${duckdb})`,
    // 18.16 joins on equal keys only: the time condition follows the join.
    clickhouse: `visit_key IN (SELECT visit_key
      FROM (SELECT visit_key, visitor_key, started_at, ended_at FROM ${CLICKHOUSE_FACTS.visits} AS range_visits WHERE ${CLICKHOUSE_IN_RANGE}) AS goal_visits
      ALL INNER JOIN (${hitsSql(match, NO_EXTRA).clickhouse}) AS goal_hits USING (visitor_key)
      WHERE t BETWEEN started_at AND ended_at + ${VISIT_IDLE_MS})`,
  };
}

/** A goal report's breakdown: the visit column its rows are keyed by, and its label where one is read. */
export interface GoalBreakdown {
  key: string;
  label?: string;
  href?: string;
}

/** The goal's conversions per value of a visit column: visits, visits that reached it, and their share. */
export function goalConversionsSpec(goal: GoalDefinition, by: GoalBreakdown, kept: KeptMatchIds = NO_KEPT_MATCHES): RankingSpec {
  const reached = reachedGoalSql(goal, kept);
  const extras = { ...(by.label && { label: by.label }), ...(by.href && { href: by.href }) };
  return {
    // Whether each visit reached the goal is worked out once, as a column: the two metrics naming
    // it would otherwise each match the goal's hits again.
    table: { name: 'goal_visits', sql: `SELECT *, ${reached.duckdb} AS reached FROM visits` },
    key: by.key,
    ...extras,
    metrics: {
      visits: 'count(*)',
      conversions: 'count(CASE WHEN reached THEN 1 END)',
      conversion_rate: 'count(CASE WHEN reached THEN 1 END) / nullif(count(*), 0)',
    },
    order: 'conversions',
    clickhouse: {
      table: 'visits',
      key: by.key,
      ...extras,
      metrics: {
        visits: 'count()',
        conversions: `countIf(${reached.clickhouse})`,
        conversion_rate: `countIf(${reached.clickhouse}) / nullIf(count(), 0)`,
      },
    },
  };
}

/** The entry page's label, as content/entry-pages reads it (page-rankings.ts). */
export const ENTRY_PAGE_BREAKDOWN: GoalBreakdown = { key: 'entry_url', label: 'coalesce(min(entry_title), min(entry_page_name))', href: 'min(entry_url)' };
