/**
 * Interacció: the direct calls of spec §7. Calls that count an event (§9 event numbers) are
 * grouped by it; the four that count none (scDVR, scSubtitols, scPerMesTard, scVeureATV, see
 * packages/tags site-link-calls.ts) by their link name. Then shares by network, downloads, exit
 * links, and the links of one event.
 */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import type { ClickHouseRanking, RankingSpec } from './queries/ranking.js';
import { informedOrNullSql } from '../store/not-informed-sql.js';

/** Catalan names of the §9 events the direct calls count (event1 and event2 are page views and searches). */
export const EVENT_LABELS: Readonly<Record<string, string>> = {
  '3': 'event3 · Compartir (scCompartir)',
  '5': 'event5 · Descàrrega (scDescarregar)',
  '9': 'event9 · Jugar (scJugar)',
  '10': 'event10 · Clic de botó (scClicBoto)',
  '15': 'event15 · Participació (scParticipar)',
  '26': 'event26 · Ràdio en finestra nova (scFinestraNova)',
};

const CALL_METRICS: ReportMetric[] = [
  { key: 'calls', label: 'Crides', format: 'count' },
  { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
];
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
function linkRanking(spec: (params: Readonly<Record<string, string>>) => RankingSpec) {
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

export const ENGAGEMENT_REPORTS: ReportDefinition[] = [
  rankingReport({
    report: 'engagement/calls',
    area: 'engagement',
    title: 'Crides directes',
    dimension: { key: 'call', label: 'Crida' },
    metrics: CALL_METRICS,
    note: 'Les crides sense esdeveniment propi (DVR, subtítols, per més tard, veure a la TV) es mostren pel nom del seu enllaç.',
    ...linkRanking(() => onClickHouse({ table: 'link_hits', key: 'call', metrics: CALLS, order: 'calls', where: ` AND hit_type IN ('link_o', 'link_d', 'link_e')` })),
    labelOf: (key) => EVENT_LABELS[key] ?? key,
    drill: (key) => (EVENT_LABELS[key] ? { report: 'engagement/event-links', params: { event: key } } : undefined),
  }),
  rankingReport({
    report: 'engagement/event-links',
    area: 'engagement',
    title: "Enllaços d'un esdeveniment",
    params: ['event'],
    dimension: { key: 'link_name', label: 'Enllaç' },
    metrics: CALL_METRICS,
    ...linkRanking((params) =>
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
    ),
  }),
  rankingReport({
    report: 'engagement/shares',
    area: 'engagement',
    title: 'Comparticions per xarxa',
    dimension: { key: 'network', label: 'Xarxa' },
    metrics: CALL_METRICS,
    ...linkRanking(() => onClickHouse({ table: 'link_hits', key: `coalesce(social_action, link_name)`, metrics: CALLS, order: 'calls', where: ` AND call = '3'` })),
  }),
  rankingReport({
    report: 'engagement/downloads',
    area: 'engagement',
    title: 'Descàrregues',
    dimension: { key: 'link_url', label: 'Fitxer' },
    metrics: CALL_METRICS,
    ...linkRanking(() =>
      onClickHouse(
        { table: 'link_hits', key: 'link_url', label: 'min(link_name)', href: 'min(link_url)', metrics: CALLS, order: 'calls', where: ` AND hit_type = 'link_d'` },
        { label: 'min(link_name)', href: 'min(link_url)' },
      ),
    ),
  }),
  rankingReport({
    report: 'engagement/exit-links',
    area: 'engagement',
    title: 'Enllaços de sortida',
    dimension: { key: 'link_url', label: 'Destinació' },
    metrics: CALL_METRICS,
    ...linkRanking(() => onClickHouse({ table: 'link_hits', key: 'link_url', href: 'min(link_url)', metrics: CALLS, order: 'calls', where: ` AND hit_type = 'link_e'` }, { href: 'min(link_url)' })),
  }),
];
