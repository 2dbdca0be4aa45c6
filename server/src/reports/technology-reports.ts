/** Tecnologia: the visits' device class, browser, operating system and screen size (the data layer's viewport). */
import type { ReportMetric } from '@mesura/protocol';
import type { ReportDefinition } from './report-definition.js';
import { rankingReport } from './ranking-report.js';
import { visitCellsSpec } from './queries/visit-cells-spec.js';
import { VISIT_ATTRIBUTES, type VisitAttributeColumn } from '../store/visit-attributes.js';

const METRICS: ReportMetric[] = [
  { key: 'visits', label: 'Visites', format: 'count' },
  { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
  { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
  { key: 'bounce_rate', label: 'Percentatge de rebot', format: 'percent' },
];
const SQL = { visits: 'count(*)', page_views: 'sum(page_views)', bounce_rate: 'avg(CASE WHEN page_views = 1 THEN 1.0 ELSE 0.0 END)' };
/**
 * The same on ClickHouse (store/clickhouse/report-facts-sql.ts computes visits as it reads): a sum
 * of no rows is NULL there too, as in DuckDB, when summed as nullable.
 */
const SQL_CLICKHOUSE = { ...SQL, page_views: 'sum(toNullable(page_views))' };

const DEVICE_LABELS: Readonly<Record<string, string>> = {
  desktop: 'Ordinador',
  mobile: 'Mòbil',
  tablet: 'Tauleta',
  tv: 'Televisor',
  console: 'Consola de joc',
  wearable: 'Rellotge o polsera',
  other: 'Altres',
  unknown: 'Desconegut',
};

function technologyReport(name: string, title: string, column: string, label: string, labelOf?: (key: string) => string): ReportDefinition {
  return rankingReport({
    report: `technology/${name}`,
    area: 'technology',
    title,
    dimension: { key: column, label },
    metrics: METRICS,
    spec: () => ({ table: 'visits', key: column, metrics: SQL, order: 'visits', clickhouse: { table: 'visits', key: column, metrics: SQL_CLICKHOUSE } }),
    rollup: () => visitCellsSpec(column),
    ...(labelOf && { labelOf }),
  });
}

/** The ranking of each visit attribute (store/visit-attributes.ts): its report name, title and column label. */
const ATTRIBUTE_RANKINGS: Readonly<Record<VisitAttributeColumn, { name: string; title: string; label: string }>> = {
  browser: { name: 'browsers', title: 'Navegadors', label: 'Navegador' },
  os: { name: 'systems', title: 'Sistemes operatius', label: 'Sistema operatiu' },
  viewport: { name: 'screens', title: 'Mides de pantalla', label: 'Mida' },
};

export const TECHNOLOGY_REPORTS: ReportDefinition[] = [
  technologyReport('devices', 'Dispositius', 'device', 'Dispositiu', (key) => DEVICE_LABELS[key] ?? key),
  ...VISIT_ATTRIBUTES.map(({ column }) => {
    const { name, title, label } = ATTRIBUTE_RANKINGS[column];
    return technologyReport(name, title, column, label);
  }),
];
