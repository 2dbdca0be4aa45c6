/**
 * The engaged-time reports (reports/page-engagement-reports.ts): the pages' engagement hits
 * (duckdb/report-facts-schema.ts page_engagements, on ClickHouse the same rows computed as they are
 * read, clickhouse/report-facts-sql.ts) ranked by a page column, or per day: total and average
 * engaged time and average scroll depth of the page views measured.
 */
import { MS_PER_SECOND } from '../visit-duration.js';
import type { RankingSources, RankingSpec } from './ranking.js';

/** Scroll depth is kept in whole percent (@mesura/protocol page-engagement.ts); reports show a share. */
const PERCENT = 100;

/** Sums of no rows are NULL in both engines (ClickHouse's summed as nullable), so an empty range's totals read alike. */
const figures = (count: string, sum: (column: string) => string) => ({
  engaged_time: `${sum('engaged_ms')} / ${MS_PER_SECOND}`,
  pages: count,
  avg_engaged: `${sum('engaged_ms')} / nullif(${count}, 0) / ${MS_PER_SECOND}`,
  avg_scroll: `${sum('scroll_pct')} / nullif(${count}, 0) / ${PERCENT}`,
});
const ENGAGEMENT_SQL = figures('count(*)', (column) => `sum(${column})`);
/** The same over page_engagement_cells, whose `pages` counts each cell's rows: none counts 0, as count() does. */
const ENGAGEMENT_CELL_SQL = figures('coalesce(sum(pages), 0)', (column) => `sum(${column})`);
const ENGAGEMENT_CLICKHOUSE_SQL = figures('count()', (column) => `sum(toNullable(${column}))`);

/** The page columns a ranking may be narrowed by (a section's pages, an author's…), bound as `$p_<name>`. */
const NARROWING_PARAMS = ['section', 'programme', 'author', 'thematic'] as const;

/** The narrowing conditions of the report's parameters (the page columns both tables have). */
const narrowingOf = (params: Readonly<Record<string, string>>) =>
  NARROWING_PARAMS.filter((name) => params[name] !== undefined)
    .map((name) => ` AND ${name} = $p_${name}`)
    .join('');

type Labels = Pick<RankingSpec, 'label' | 'href'>;

/** The ranking's spec on both engines, by `key`, labelled by `label` (an aggregate, a minimum) if given. */
function engagementSpec(key: string, params: Readonly<Record<string, string>>, labels: Labels = {}): RankingSpec {
  const where = narrowingOf(params);
  return {
    table: 'page_engagements',
    key,
    where,
    metrics: ENGAGEMENT_SQL,
    order: 'engaged_time',
    ...labels,
    clickhouse: { table: 'page_engagements', key, where, metrics: ENGAGEMENT_CLICKHOUSE_SQL, ...labels },
  };
}

/**
 * The same with no filter asked, over page_engagement_cells (a thirteenth of the rows on the
 * bench's month): the rows' visitors are the cells' smallest keys, enough for the minimum cohort,
 * which is why these reports show no visitor count (as the page rankings over page cells).
 */
function engagementRollup(key: string, params: Readonly<Record<string, string>>, labels: Labels = {}): RankingSpec {
  return { table: 'page_engagement_cells', key, where: narrowingOf(params), metrics: ENGAGEMENT_CELL_SQL, order: 'engaged_time', visitors: 'cells', ...labels };
}

/** Engaged time per value of a page column. */
export function engagementRanking(key: string, labels?: Labels): RankingSources {
  return { spec: (params) => engagementSpec(key, params, labels), rollup: (params) => engagementRollup(key, params, labels) };
}

/** Pages by address, labelled by their smallest title (else page name), linking to the page. */
export const ENGAGED_PAGES_RANKING = engagementRanking('url', { label: 'coalesce(min(title), min(page_name))', href: 'min(url)' });

/** Programmes, labelled by their names. */
export const ENGAGED_PROGRAMMES_RANKING = engagementRanking('programme', { label: 'min(programme_name)' });

/** Engaged time per day (a time series: rankingReport's `byDay`). */
export const ENGAGED_TIME_BY_DAY: RankingSources = engagementRanking('day');
