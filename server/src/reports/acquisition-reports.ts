/**
 * Adquisició: where visits come from. Referrer groups (search engines, social networks, other
 * sites, direct), the referring sites, and campaigns as spec §7 reads them: `ext` (external,
 * case-insensitive, so counted lower-cased) per visit, `int` (internal, case-sensitive) per page view.
 */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { visitCellsSpec } from './queries/visit-cells-spec.js';
import { REFERRER_GROUP_LABELS, type ReferrerGroup } from '../shared/referrer-groups.js';
import { informedSql } from '../store/not-informed-sql.js';

const VISIT_METRICS: ReportMetric[] = [
  { key: 'visits', label: 'Visites', format: 'count' },
  { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
  { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
  { key: 'bounce_rate', label: 'Percentatge de rebot', format: 'percent' },
];
const VISIT_SQL = { visits: 'count(*)', page_views: 'sum(page_views)', bounce_rate: 'avg(CASE WHEN page_views = 1 THEN 1.0 ELSE 0.0 END)' };
/**
 * The same on ClickHouse (store/clickhouse/report-facts-sql.ts computes visits as it reads): a sum
 * of no rows is NULL there too, as in DuckDB, when summed as nullable.
 */
/** The page views that carried an internal campaign (spec §5's default is none). */
const WITH_INTERNAL_CAMPAIGN = ` AND ${informedSql('internal_campaign')}`;
const VISIT_SQL_CLICKHOUSE = { ...VISIT_SQL, page_views: 'sum(toNullable(page_views))' };

export const ACQUISITION_REPORTS: ReportDefinition[] = [
  rankingReport({
    report: 'acquisition/referrer-groups',
    area: 'acquisition',
    title: 'Canals de procedència',
    dimension: { key: 'group', label: 'Canal' },
    metrics: VISIT_METRICS,
    spec: () => ({ table: 'visits', key: 'referrer_group', metrics: VISIT_SQL, order: 'visits', clickhouse: { table: 'visits', key: 'referrer_group', metrics: VISIT_SQL_CLICKHOUSE } }),
    rollup: () => visitCellsSpec('referrer_group'),
    labelOf: (key) => REFERRER_GROUP_LABELS[key as ReferrerGroup] ?? key,
    drill: (group) => (group === 'directe' ? undefined : { report: 'acquisition/referrers', params: { group } }),
  }),
  rankingReport({
    report: 'acquisition/referrers',
    area: 'acquisition',
    title: 'Webs de procedència',
    params: ['group'],
    dimension: { key: 'referrer_host', label: 'Web' },
    metrics: VISIT_METRICS,
    spec: (params) => {
      const where = params.group === undefined ? ` AND referrer_group <> 'directe'` : ` AND referrer_group = $p_group`;
      return { table: 'visits', key: 'referrer_host', metrics: VISIT_SQL, order: 'visits', where, clickhouse: { table: 'visits', key: 'referrer_host', metrics: VISIT_SQL_CLICKHOUSE, where } };
    },
    rollup: (params) => visitCellsSpec('referrer', params.group === undefined ? ` AND parent <> 'directe'` : ` AND parent = $p_group`),
  }),
  rankingReport({
    report: 'acquisition/external-campaigns',
    area: 'acquisition',
    title: 'Campanyes externes (ext)',
    dimension: { key: 'campaign', label: 'Campanya' },
    metrics: VISIT_METRICS,
    spec: () => ({ table: 'visits', key: 'lower(campaign)', metrics: VISIT_SQL, order: 'visits', clickhouse: { table: 'visits', key: 'lower(campaign)', metrics: VISIT_SQL_CLICKHOUSE } }),
    rollup: () => visitCellsSpec('campaign'),
  }),
  rankingReport({
    report: 'acquisition/internal-campaigns',
    area: 'acquisition',
    title: 'Campanyes internes (int)',
    dimension: { key: 'internal_campaign', label: 'Campanya interna' },
    metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
    note: 'Compta les pàgines vistes que duien una campanya interna.',
    spec: () => ({
      table: 'page_cells',
      key: 'internal_campaign',
      // A page view without `int` carries the data layer's default, which is no campaign.
      where: WITH_INTERNAL_CAMPAIGN,
      metrics: { page_views: 'sum(page_views)' },
      order: 'page_views',
      visitors: 'cells',
      // A sum of no cells is NULL in DuckDB: nullIf keeps an empty range's total alike.
      // Each event id once among the page views as stored (report-facts-sql.ts page_hits).
      clickhouse: { table: 'page_hits', key: 'internal_campaign', where: WITH_INTERNAL_CAMPAIGN, metrics: { page_views: 'nullIf(uniqExact(event_key), 0)' } },
    }),
  }),
];
