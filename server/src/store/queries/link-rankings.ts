/**
 * The rankings of engagement-reports.ts over `link_hits` (every hit that is not a page view, with
 * its direct call) and, unfiltered, over the link cells (store/duckdb/report-cells.ts; on
 * ClickHouse store/clickhouse/link-cells.ts).
 */
import { informedOrNullSql } from '../not-informed-sql.js';
import type { ClickHouseRanking, RankingSources, RankingSpec } from './ranking.js';

const CALLS = { calls: 'count(*)' };
/**
 * A link's name and the smallest title of the pages it was on; a title that is the data layer's
 * default adds nothing. Minimums, the same on both engines (not `any`): the link cells keep the
 * smallest informed title of their hits (store/duckdb/report-cells.ts) or the title as a key
 * (store/clickhouse/link-cells.ts), so the cells give the label their rows give.
 */
const LINK_LABEL = `min(link_name) || coalesce(' · ' || min(${informedOrNullSql('title')}), '')`;

/**
 * A link_hits ranking's ClickHouse part: the same table, columns, conditions and labels;
 * unfiltered, the whole ranking reads the link cells ClickHouse keeps (store/clickhouse/link-cells.ts), whose keys are every column these specs group, filter and
 * label by, each hit's copies counted once.
 */
function onClickHouse(spec: RankingSpec, labels: Pick<ClickHouseRanking, 'label' | 'href' | 'where'> = {}): RankingSpec {
  const cellLabels = { ...(labels.label && { label: labels.label }), ...(labels.href && { href: labels.href }) };
  return {
    ...spec,
    clickhouse: {
      table: 'link_hits',
      key: spec.key,
      // Each event id once among the link hits as stored (report-facts-sql.ts).
      metrics: { calls: 'uniqExact(event_key)' },
      ...(spec.where !== undefined && { where: spec.where }),
      ...labels,
      cells: { table: 'link_cells', metrics: { calls: 'uniqExactMerge(calls)' }, ...cellLabels },
    },
  };
}

/**
 * A link_hits ranking and the same over link_cells (store/duckdb/report-cells.ts), whose columns
 * the specs read are named alike, each cell counting its calls.
 */
function linkRanking(spec: (params: Readonly<Record<string, string>>) => RankingSpec): RankingSources {
  return {
    spec,
    rollup: (params: Readonly<Record<string, string>>): RankingSpec => ({
      ...spec(params),
      table: 'link_cells',
      metrics: { calls: 'sum(calls)' },
      visitors: 'sketch',
    }),
  };
}

/** Direct calls: by their event, or the link name of those that count none. */
export const CALLS_RANKING = linkRanking(() => onClickHouse({ table: 'link_hits', key: 'call', metrics: CALLS, order: 'calls', where: ` AND hit_type IN ('link_o', 'link_d', 'link_e')` }));

/** The links of one event (`$p_event`), or of all. */
export const EVENT_LINKS_RANKING = linkRanking((params) =>
  onClickHouse(
    {
      table: 'link_hits',
      key: 'link_name',
      label: LINK_LABEL,
      metrics: CALLS,
      order: 'calls',
      where: params.event === undefined ? '' : ` AND list_contains(event_ids, TRY_CAST($p_event AS INTEGER))`,
    },
    {
      label: LINK_LABEL,
      // 18.16's has() misses a nullable needle in a column's arrays: compared element by element instead.
      where: params.event === undefined ? '' : ` AND arrayExists(id -> ifNull(id = toInt32OrNull($p_event), 0), event_ids)`,
    },
  ),
);

/** Shares (event 3) by network. */
export const SHARES_RANKING = linkRanking(() => onClickHouse({ table: 'link_hits', key: `coalesce(social_action, link_name)`, metrics: CALLS, order: 'calls', where: ` AND call = '3'` }));

/** Downloads by file. */
export const DOWNLOADS_RANKING = linkRanking(() =>
  onClickHouse(
    { table: 'link_hits', key: 'link_url', label: 'min(link_name)', href: 'min(link_url)', metrics: CALLS, order: 'calls', where: ` AND hit_type = 'link_d'` },
    { label: 'min(link_name)', href: 'min(link_url)' },
  ),
);

/** Exit links by destination. */
export const EXIT_LINKS_RANKING = linkRanking(() =>
  onClickHouse({ table: 'link_hits', key: 'link_url', href: 'min(link_url)', metrics: CALLS, order: 'calls', where: ` AND hit_type = 'link_e'` }, { href: 'min(link_url)' }),
);
