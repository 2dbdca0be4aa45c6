/**
 * Consentiment: the banner's answers per day (consent-choices/), and the collector's consent
 * audit, hits refused per reason per day (ingest/refusals.ts). Both are counts without any
 * identifier, so no filter applies to them (every one asked is listed in `ignoredFilters`).
 *
 * Minimum cohort: these counts carry no visitors, so a day is hidden when it counts fewer than
 * MESURA_MIN_COHORT answers (or refused hits) in all, and so is a range's total; a day with none
 * shows its zeroes, as it singles nobody out.
 */
import type { ReportMetric } from '@mesura/protocol';
import { numberOf, type EngineQuery, type ResultRow } from '../store/analytics-reader.js';
import { buildAnswer, measurePeriods, type MeasuredPeriod } from './report-answer-builder.js';
import type { ReportContext, ReportDefinition } from './report-definition.js';
import type { ReportRequest } from './report-request.js';
import type { MeasuredRow } from './min-cohort.js';
import { CONSENT_CHOICES_BY_DAY_QUERY } from '../store/queries/consent-choices-by-day.js';
import { CONSENT_REFUSALS_BY_DAY_QUERY } from '../store/queries/consent-refusals-by-day.js';
import { dayLabel, daysOf } from './time-steps.js';

/** One daily series: which query, which column holds the kind of count, and each kind's metric. */
interface DailyCounts {
  query: EngineQuery;
  kindColumn: string;
  countColumn: string;
  /** The kinds counted, each under its metric key. */
  kinds: Readonly<Record<string, string>>;
  metrics: ReportMetric[];
  /** Metrics worked out from the day's counts and its total (a share). */
  derived?: (counts: Record<string, number>, total: number) => Record<string, number | null>;
}

const CHOICES: DailyCounts = {
  query: CONSENT_CHOICES_BY_DAY_QUERY,
  kindColumn: 'choice',
  countColumn: 'choices',
  kinds: { 'accept-all': 'accept_all', 'reject-all': 'reject_all', custom: 'custom' },
  metrics: [
    { key: 'accept_all', label: 'Ho accepten tot', format: 'count' },
    { key: 'reject_all', label: 'Ho rebutgen tot', format: 'count' },
    { key: 'custom', label: 'Configuració pròpia', format: 'count' },
    { key: 'total', label: 'Respostes', format: 'count' },
    { key: 'accept_share', label: 'Percentatge que ho accepta tot', format: 'percent' },
  ],
  derived: (counts, total) => ({ accept_share: total === 0 ? null : (counts.accept_all ?? 0) / total }),
};

const REFUSALS: DailyCounts = {
  query: CONSENT_REFUSALS_BY_DAY_QUERY,
  kindColumn: 'reason',
  countColumn: 'hits',
  // ingest/consent-check.ts ConsentRefusal, reason by reason.
  kinds: { 'consent-purpose': 'consent_purpose', 'consent-vendor': 'consent_vendor', 'consent-invalid': 'consent_invalid', 'consent-missing': 'consent_missing' },
  metrics: [
    { key: 'consent_purpose', label: 'Sense consentiment de la finalitat', format: 'count' },
    { key: 'consent_vendor', label: 'Sense consentiment del proveïdor', format: 'count' },
    { key: 'consent_invalid', label: 'Cadena de consentiment no vàlida', format: 'count' },
    { key: 'consent_missing', label: 'Sense senyal de consentiment', format: 'count' },
    { key: 'total', label: 'Impactes refusats', format: 'count' },
  ],
};

function dailyCountsReport(report: string, title: string, series: DailyCounts, note: string): ReportDefinition {
  const definition: ReportDefinition = {
    report,
    area: 'consent',
    title,
    run: async (request, context) => {
      const measure = (range: { from: string; to: string }) => measureDays(series, request, context, range);
      const { current, previous } = await measurePeriods(request, 'position', measure);
      const shape = {
        dimension: { key: 'day', label: 'Dia' },
        metrics: series.metrics,
        chart: 'line' as const,
        align: 'position' as const,
        note,
        ignoredFilters: request.filters.map((filter) => filter.dimension),
        ignoredSegment: true,
      };
      return buildAnswer(definition, request, shape, current, previous, context.minCohort);
    },
  };
  return definition;
}

async function measureDays(series: DailyCounts, request: ReportRequest, context: ReportContext, range: { from: string; to: string }): Promise<MeasuredPeriod> {
  const rows = await context.reader.read(series.query, { suite: request.reportSuite, from: range.from, to: range.to });
  const byDay = countsByDay(series, rows);
  const all = daysOf(range).map((day) => measuredDay(series, day, dayLabel(day), byDay.get(day) ?? {}));
  const rangeCounts: Record<string, number> = {};
  for (const counts of byDay.values()) for (const [key, n] of Object.entries(counts)) rangeCounts[key] = (rangeCounts[key] ?? 0) + n;
  // A time series is answered whole (at most 366 days), as the audience's: a chart with half its days would mislead.
  return { rows: all, totalRows: all.length, total: measuredDay(series, 'total', 'Total', rangeCounts) };
}

/** Each day's counts by metric key; kinds the series does not name are left out. */
function countsByDay(series: DailyCounts, rows: readonly ResultRow[]): Map<string, Record<string, number>> {
  const byDay = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const key = series.kinds[String(row[series.kindColumn])];
    if (key === undefined) continue;
    const day = String(row.day);
    const counts = byDay.get(day) ?? {};
    counts[key] = (counts[key] ?? 0) + (numberOf(row[series.countColumn]) ?? 0);
    byDay.set(day, counts);
  }
  return byDay;
}

function measuredDay(series: DailyCounts, key: string, label: string, counts: Record<string, number>): MeasuredRow {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const values: MeasuredRow['values'] = Object.fromEntries(Object.values(series.kinds).map((metric) => [metric, counts[metric] ?? 0]));
  Object.assign(values, { total }, series.derived?.(counts, total));
  // No visitors here: the count itself is the cohort (see the file's comment); an empty day shows its zeroes.
  return { key, label, values, visitors: total === 0 ? Number.POSITIVE_INFINITY : total };
}

export const CONSENT_REPORTS: ReportDefinition[] = [
  dailyCountsReport(
    'consent/choices',
    'Respostes al bàner de consentiment',
    CHOICES,
    'Cada resposta al bàner es compta una vegada, sense cap identificador. Un dia amb menys respostes que el mínim no es mostra.',
  ),
  dailyCountsReport(
    'consent/refusals',
    'Auditoria de consentiment del col·lector',
    REFUSALS,
    'Impactes que el col·lector no ha desat perquè el senyal de consentiment del navegador no ho permetia, per motiu.',
  ),
];
