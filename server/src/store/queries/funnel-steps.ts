/**
 * A funnel's SQL (reports/funnel-reports.ts, docs/funnels.md), the same steps on both engines:
 * 1. each step's hits in the range (funnel-step-hits.ts), the first step's narrowed by the
 *    report's filters and every later step's by the visitors who reached the first;
 * 2. the journey's unit: a visit (scope `visit`: a hit belongs to the visitor's visit going on when
 *    it came, as goal-conversions.ts places goal hits) or the visitor (scope `days`);
 * 3. per unit, step 1 at its first hit, and step k at the unit's first hit of step k strictly after
 *    step k-1's, within `days` days of step 1 for the scope `days`: a chain of joins, one per
 *    step, with no window function (ClickHouse 18.16 has none).
 * On ClickHouse a unit's times are `t1`…`tN`, epoch ms, 0 where not reached; on DuckDB each step
 * is a table of the units that reached it (duckdbChainTables), so that the units that stopped are
 * not joined again at every later step.
 *
 * ClickHouse 18.16 has no WITH subqueries: its text nests each step's chain inside the next.
 */
import { PAGE_URLS_TABLE, PAGE_VIEW_KEYS_TABLE } from '../duckdb/page-view-keys.js';
import { VISIT_IDLE_MINUTES } from '../duckdb/report-facts-load.js';
import { CLICKHOUSE_FACTS, CLICKHOUSE_IN_RANGE } from '../clickhouse/report-facts-sql.js';
import { IN_RANGE } from './report-table.js';
import { stepHitsSql, stepMatch, type ResolvedStep } from './funnel-step-hits.js';
import type { KeptMatchIds } from './kept-hit-matches.js';
import { CLICKHOUSE_PAGE_VIEW_HITS, duckdbHitsCarryVisit, type EngineText } from './hit-match.js';

const VISIT_IDLE_MS = VISIT_IDLE_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** What the chain is asked for. */
export interface FunnelQuery {
  steps: readonly ResolvedStep[];
  /** Days the steps may take after step 1; undefined: within one visit. */
  days?: number;
  /** `AND …` over the first step's hits (bound filters, filter-sql.ts). */
  filters: string;
  /** The steps' matches kept at load on DuckDB (duckdb/kept-hit-matches.ts), read instead of picking their hits at each ask. */
  kept?: KeptMatchIds;
}

/** Whether DuckDB reads step `index`'s hits with their visit (hit-match.ts duckdbHitsCarryVisit): later steps are narrowed by visitor only. */
function carriesVisit(query: FunnelQuery, index: number): boolean {
  return duckdbHitsCarryVisit(stepMatch(query.steps[index]!), index > 0 || query.filters === '');
}

/** The first step's hits, with the filters, and on DuckDB their visit when they carry it. */
function firstHits(query: FunnelQuery): EngineText {
  const step = query.steps[0]!;
  const extra = { duckdb: query.filters, clickhouse: query.filters };
  const withVisit = carriesVisit(query, 0) ? ['visit_key'] : [];
  return { duckdb: stepHitsSql(step, extra, withVisit, query.filters === '', query.kept).duckdb, clickhouse: stepHitsSql(step, extra).clickhouse };
}

/**
 * Whether DuckDB's steps need step 1's visitors and their visits (duckdbFirstStep): within a visit,
 * a step whose hits do not carry their visit finds it among them (duckdbUnitHits).
 */
function duckdbNeedsFirstVisitors(query: FunnelQuery): boolean {
  return query.days === undefined && query.steps.some((_, index) => !carriesVisit(query, index));
}

/**
 * DuckDB's first step, read once (MATERIALIZED): its hits and, when a step finds its visit when
 * asked (duckdbNeedsFirstVisitors), their distinct visitors and those visitors' visits of the
 * range, which the journeys start in. Put before each DuckDB text below. A funnel whose every step
 * carries its visit (page views, calls) reads neither: DuckDB made a MATERIALIZED table no step read.
 */
function duckdbFirstStep(query: FunnelQuery): string {
  const visitors = duckdbNeedsFirstVisitors(query)
    ? `,
    funnel_first AS MATERIALIZED (SELECT DISTINCT visitor_key FROM funnel_first_hits),
    funnel_visits AS MATERIALIZED (SELECT visit_key, visitor_key, epoch_ms(started_at) AS started_ms, epoch_ms(ended_at) + ${VISIT_IDLE_MS} AS open_until_ms
      FROM visits WHERE ${IN_RANGE} AND visitor_key IN (SELECT visitor_key FROM funnel_first))`
    : '';
  return `WITH funnel_first_hits AS MATERIALIZED (${firstHits(query).duckdb})${visitors}`;
}

/** The visitors who reached step 1, as a condition (ClickHouse 18.16 has no WITH subqueries: the first step's text again). */
function reachedFirstSql(query: FunnelQuery): EngineText {
  return { duckdb: ' AND visitor_key IN (SELECT visitor_key FROM funnel_first)', clickhouse: ` AND visitor_key IN (SELECT visitor_key FROM (${firstHits(query).clickhouse}))` };
}

/**
 * Each step's hits with their unit (`unit`, `visitor_key`, `t`) on DuckDB. A page view or search
 * carries its visit (report-facts-load.ts cut it there), as a link hit does when read from
 * link_hit_visits (duckdb/link-hit-visits.ts); a media completion or stream, or a first step's
 * link hit read with the filters, finds it with an ASOF join, as goal-conversions.ts does. Later
 * steps are not narrowed to the units of step 1: the chain's join on the unit leaves the others
 * out (a hit in no visit has a NULL unit, which joins none), where narrowing would cost a join per step.
 */
function duckdbUnitHits(query: FunnelQuery): string[] {
  const none = { duckdb: '', clickhouse: '' };
  return query.steps.map((step, index) => {
    const first = index === 0;
    if (query.days !== undefined) return `SELECT visitor_key AS unit, visitor_key, t FROM (${first ? 'SELECT * FROM funnel_first_hits' : stepHitsSql(step, none, [], true, query.kept).duckdb})`;
    if (!carriesVisit(query, index)) {
      const hits = first ? 'SELECT * FROM funnel_first_hits' : stepHitsSql(step, reachedFirstSql(query), [], true, query.kept).duckdb;
      return `SELECT v.visit_key AS unit, v.visitor_key, h.t FROM (${hits}) AS h
        ASOF JOIN funnel_visits AS v ON h.visitor_key = v.visitor_key AND h.t >= v.started_ms WHERE h.t <= v.open_until_ms`;
    }
    // Step 1's visits are the range's: a page view of the range may belong to a visit begun before it.
    // Read from visits directly, not funnel_visits: a hit's visit is its visitor's, and narrowing
    // the visits to step 1's visitors first costs a distinct over step 1's hits and a join.
    if (first) return `SELECT visit_key AS unit, visitor_key, t FROM funnel_first_hits WHERE visit_key IN (SELECT visit_key FROM visits WHERE ${IN_RANGE})`;
    return `SELECT visit_key AS unit, visitor_key, t FROM (${stepHitsSql(step, none, ['visit_key'], true, query.kept).duckdb})`;
  });
}

/** The same on ClickHouse: every hit joined to the range's visits of its visitor on the visitor, then kept in time. */
function clickhouseUnitHits(query: FunnelQuery): string[] {
  const reachedFirst = reachedFirstSql(query);
  const hits = query.steps.map((step, index) => (index === 0 ? firstHits(query).clickhouse : stepHitsSql(step, reachedFirst).clickhouse));
  if (query.days !== undefined) return hits.map((h) => `SELECT visitor_key AS unit, visitor_key, t FROM (${h})`);
  const visits = `SELECT visit_key, visitor_key, started_at AS started_ms, ended_at + ${VISIT_IDLE_MS} AS open_until_ms
    FROM ${CLICKHOUSE_FACTS.visits} AS range_visits WHERE ${CLICKHOUSE_IN_RANGE}${reachedFirst.clickhouse}`;
  // 18.16 joins on equal keys only: the time condition follows the join.
  return hits.map((h) => `SELECT visit_key AS unit, visitor_key, t FROM (${h}) AS h ALL INNER JOIN (${visits}) AS v USING (visitor_key) WHERE t BETWEEN started_ms AND open_until_ms`);
}

const times = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);

/** The name of DuckDB's table of the units that reached step `k`. */
const reachedTable = (k: number) => `funnel_reached_${k}`;

/**
 * DuckDB's chain as tables (MATERIALIZED, put after duckdbFirstStep's), one per step of the first
 * `n`: `funnel_reached_k` holds the units that reached step k with their `visitor_key` and times
 * `t1`…`tk`. Step k joins only the units of step k-1, so a unit that stopped is not carried
 * through the later steps' joins and groups (most units stop at step 2 on a news site); a step's
 * time is the unit's first hit of it strictly after the step before, within `days` days of step 1.
 */
function duckdbChainTables(hits: readonly string[], days: number | undefined, n: number): string {
  const tables = [`${reachedTable(1)} AS MATERIALIZED (SELECT unit, min(visitor_key) AS visitor_key, min(t) AS t1 FROM (${hits[0]!}) GROUP BY unit)`];
  for (let k = 2; k <= n; k++) {
    // Grouped by the unit alone, which names one row of the step before: its columns are carried by any_value.
    const kept = ['visitor_key', ...times(k - 1)].map((c) => `any_value(r.${c}) AS ${c}`);
    const within = days === undefined ? '' : ` AND h.t <= r.t1 + ${days * DAY_MS}`;
    tables.push(`${reachedTable(k)} AS MATERIALIZED (SELECT r.unit, ${kept.join(', ')}, min(h.t) AS t${k}
      FROM ${reachedTable(k - 1)} AS r JOIN (${hits[k - 1]!}) AS h ON h.unit = r.unit AND h.t > r.t${k - 1}${within}
      GROUP BY r.unit)`);
  }
  return `, ${tables.join(',\n    ')}`;
}

/** The same chain on ClickHouse: an unmatched left join gives t 0, and a step not reached is 0. */
function clickhouseChain(hits: readonly string[], days: number | undefined, n: number): string {
  let chain = `SELECT unit, min(visitor_key) AS visitor_key, min(t) AS t1 FROM (${hits[0]!}) GROUP BY unit`;
  for (let k = 2; k <= n; k++) {
    const kept = times(k - 1);
    const within = days === undefined ? '' : ` AND next_t <= t1 + ${days * DAY_MS}`;
    chain = `SELECT unit, visitor_key, ${kept.join(', ')}, minIf(next_t, t${k - 1} > 0 AND next_t > t${k - 1}${within}) AS t${k}
      FROM (${chain}) AS r ALL LEFT JOIN (SELECT unit, t AS next_t FROM (${hits[k - 1]!})) AS h USING (unit)
      GROUP BY unit, visitor_key, ${kept.join(', ')}`;
  }
  return chain;
}

/** ClickHouse's chain: per unit, the times its first `n` steps were reached (see the file's comment). */
function clickhouseChainSql(query: FunnelQuery, n = query.steps.length): string {
  return clickhouseChain(clickhouseUnitHits(query), query.days, n);
}

/** DuckDB's WITH list: the first step's tables (duckdbFirstStep), then the chain's of the first `n` steps. */
function duckdbChainWith(query: FunnelQuery, n = query.steps.length): string {
  return `${duckdbFirstStep(query)}${duckdbChainTables(duckdbUnitHits(query), query.days, n)}`;
}

/**
 * One row: per step k, `visitors_k` (distinct visitors of the units that reached it), `units_k`
 * (visits or visitors) and, from step 2, `avg_ms_k`: the mean time from step k-1 to step k.
 */
export function funnelFiguresSql(query: FunnelQuery): EngineText {
  const duckdb = query.steps.map((_, i) => {
    const k = i + 1;
    const reached = reachedTable(k);
    return [
      `(SELECT count(DISTINCT visitor_key) FROM ${reached}) AS visitors_${k}`,
      `(SELECT count(*) FROM ${reached}) AS units_${k}`,
      ...(k > 1 ? [`(SELECT avg(t${k} - t${k - 1}) FROM ${reached}) AS avg_ms_${k}`] : []),
    ].join(', ');
  });
  const clickhouse = query.steps.map((_, i) => {
    const k = i + 1;
    const reached = `t${k} > 0`;
    return [`uniqExactIf(visitor_key, ${reached}) AS visitors_${k}`, `countIf(${reached}) AS units_${k}`, ...(k > 1 ? [`avgIf(t${k} - t${k - 1}, ${reached}) AS avg_ms_${k}`] : [])].join(', ');
  });
  return {
    duckdb: `${duckdbChainWith(query)} SELECT ${duckdb.join(', ')}`,
    clickhouse: `SELECT ${clickhouse.join(', ')} FROM (${clickhouseChainSql(query)}) AS chain`,
  };
}

/** The key of the units that left without another page within the visit's idle time. */
export const EXIT_KEY = '(sortida)';

/**
 * Where the units that reached step `step` but not the next went: per unit, the first page its
 * visitor viewed after its step's hit and within VISIT_IDLE_MINUTES (the visit going on), else
 * EXIT_KEY; rows `next_page`, with `visitors` (distinct) and `units`.
 */
export function funnelLostSql(query: FunnelQuery, step: number): EngineText {
  const at = `t${step}`;
  const next = `t${step + 1}`;
  // Addresses as keys (duckdb/page-view-keys.ts), named once per lost unit: its next page's row of
  // page_urls. Only the lost units' visitors' page views are read: the ASOF join pairs a unit with
  // its own visitor's pages alone, and the lost are a few of step 1's visitors.
  const duckdbPages = `SELECT visitor_key, t AS page_t, url_key FROM ${PAGE_VIEW_KEYS_TABLE} WHERE ${IN_RANGE} AND visitor_key IN (SELECT visitor_key FROM funnel_lost)`;
  const clickhousePages = `SELECT visitor_key, received_at AS page_t, url FROM ${CLICKHOUSE_PAGE_VIEW_HITS} AS pages WHERE ${CLICKHOUSE_IN_RANGE}${reachedFirstSql(query).clickhouse}`;
  return {
    // ASOF: each lost unit's first page of its visitor after the step's hit (a sorted merge, where
    // a join on the visitor alone pairs the hit with every page of the visitor).
    duckdb: `${duckdbChainWith(query, step + 1)},
    funnel_lost AS MATERIALIZED (SELECT unit, visitor_key, ${at} AS at_t FROM ${reachedTable(step)} AS r
      WHERE NOT EXISTS (SELECT 1 FROM ${reachedTable(step + 1)} AS further WHERE further.unit = r.unit))
    SELECT coalesce(next_urls.url, '${EXIT_KEY}') AS next_page, count(DISTINCT visitor_key) AS visitors, count(*) AS units FROM (
        SELECT lost.unit, lost.visitor_key, CASE WHEN p.page_t <= lost.at_t + ${VISIT_IDLE_MS} THEN p.url_key END AS next_key
        FROM funnel_lost AS lost
        ASOF LEFT JOIN (${duckdbPages}) AS p ON p.visitor_key = lost.visitor_key AND p.page_t > lost.at_t) AS lost_next
        LEFT JOIN ${PAGE_URLS_TABLE} AS next_urls ON next_urls.url_key = lost_next.next_key
      GROUP BY next_page`,
    // An unmatched left join gives page_t 0 and url '' (or NULL): neither is a page after the step.
    clickhouse: `SELECT if(next_t = 0, '${EXIT_KEY}', next_url) AS next_page, uniqExact(visitor_key) AS visitors, count() AS units FROM (
        SELECT unit, visitor_key, argMinIf(url, page_t, page_t > at_t AND page_t <= at_t + ${VISIT_IDLE_MS}) AS next_url,
          minIf(page_t, page_t > at_t AND page_t <= at_t + ${VISIT_IDLE_MS}) AS next_t
        FROM (SELECT unit, visitor_key, ${at} AS at_t FROM (${clickhouseChainSql(query, step + 1)}) WHERE ${at} > 0 AND ${next} = 0) AS lost
        ALL LEFT JOIN (${clickhousePages}) AS p USING (visitor_key)
        GROUP BY unit, visitor_key)
      GROUP BY next_page`,
  };
}
