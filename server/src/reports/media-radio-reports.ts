/** Vídeo i àudio, Ràdio: live listeners per station, and the pop-out window opened per station. */
import type { ReportMetric } from '@mesura/protocol';
import { filterSql, type FilterColumns } from '../store/queries/filter-sql.js';
import { channelName, stationSlugs } from './media-channel-names.js';
import { rankingPeriod } from './media-measured-rows.js';
import { LIVE_FILTER_COLUMNS } from '../store/queries/media-live-plays.js';
import { radioListenersQuery } from '../store/queries/media-radio-listeners.js';
import { radioPopOutQuery } from '../store/queries/media-radio-pop-out.js';
import { FACT_FILTER_COLUMNS } from '../store/queries/report-table.js';
import type { EngineQuery, SqlValue } from '../store/analytics-reader.js';
import { buildAnswer, measurePeriods } from './report-answer-builder.js';
import type { ReportDefinition } from './report-definition.js';

const LISTENER_METRICS: ReportMetric[] = [
  { key: 'listeners', label: 'Oients', format: 'count' },
  { key: 'sessions', label: "Sessions d'escolta", format: 'count' },
  { key: 'seconds_played', label: 'Temps escoltat', format: 'seconds' },
  { key: 'seconds_per_listener', label: 'Temps mitjà per oient', format: 'seconds' },
];

const POP_OUT_METRICS: ReportMetric[] = [
  { key: 'opens', label: 'Obertures de la finestra', format: 'count' },
  { key: 'visitors', label: 'Visitants', format: 'count' },
];

interface StationReportOptions {
  report: string;
  title: string;
  metrics: ReportMetric[];
  visitorsKey: string;
  filterColumns: FilterColumns;
  query: (filters: string) => EngineQuery;
  extraValues: () => Record<string, SqlValue>;
  note: string;
}

function stationReport(options: StationReportOptions): ReportDefinition {
  const definition: ReportDefinition = {
    report: options.report,
    area: 'media',
    title: options.title,
    run: async (request, context) => {
      const filters = filterSql(request.filters, options.filterColumns, request.segment !== undefined);
      const measure = async (range: { from: string; to: string }) => {
        const values = { ...filters.values, ...options.extraValues(), suite: request.reportSuite, from: range.from, to: range.to };
        const rows = await context.reader.read(options.query(filters.sql), values);
        return rankingPeriod(rows, options.metrics, request, stationLabel, options.visitorsKey);
      };
      const { current, previous } = await measurePeriods(request, 'key', measure);
      return buildAnswer(
        definition,
        request,
        {
          dimension: { key: 'station', label: 'Emissora' },
          metrics: options.metrics,
          chart: 'bar',
          align: 'key',
          note: options.note,
          ignoredFilters: filters.ignored,
          ignoredSegment: filters.ignoredSegment,
        },
        current,
        previous,
        context.minCohort,
      );
    },
  };
  return definition;
}

function stationLabel(key: string): string {
  return key === '' ? 'Sense emissora' : channelName(key);
}

export const MEDIA_RADIO_REPORTS: ReportDefinition[] = [
  stationReport({
    report: 'media/radio-listeners',
    title: 'Oients de ràdio per emissora',
    metrics: LISTENER_METRICS,
    visitorsKey: 'listeners',
    filterColumns: LIVE_FILTER_COLUMNS,
    query: radioListenersQuery,
    extraValues: () => ({ stations: JSON.stringify(stationSlugs()) }),
    note: "Oients del directe de cada emissora: visitants diferents que l'han escoltada en el període.",
  }),
  stationReport({
    report: 'media/radio-pop-out',
    title: 'Ràdio en finestra nova per emissora',
    metrics: POP_OUT_METRICS,
    visitorsKey: 'visitors',
    filterColumns: FACT_FILTER_COLUMNS,
    query: radioPopOutQuery,
    extraValues: () => ({}),
    note: "Vegades que s'ha obert el reproductor de ràdio en una finestra nova (crida directa scFinestraNova, esdeveniment 26).",
  }),
];
