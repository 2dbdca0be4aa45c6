/**
 * What the report areas show, kept in the URL so that a link can be shared: the range (a
 * preset or two days), the comparison, the stacked filters, chart or table, and the drill-down
 * report asked for with its own parameters. Pure functions: the screen reads and writes them through React Router's search params.
 */
import { REPORT_FILTER_DIMENSIONS, type ReportFilter, type ReportFilterDimension } from '@mesura/protocol';
import { addDays, dayIn, rangeProblem } from '../reports/date-range';
import type { DateRange } from '../reports/report-types';
import { isReportId } from './reports-api';

export const RANGE_PRESETS = ['avui', 'ahir', '7-dies', '30-dies', 'aquest-mes', 'mes-passat'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const PRESET_LABELS: Record<RangePreset, string> = {
  avui: 'Avui',
  ahir: 'Ahir',
  '7-dies': 'Últims 7 dies',
  '30-dies': 'Últims 30 dies',
  'aquest-mes': 'Aquest mes',
  'mes-passat': 'Mes passat',
};

export const FILTER_LABELS: Record<ReportFilterDimension, string> = {
  section: 'Secció',
  subsection: 'Subsecció',
  programme: 'Programa',
  channel: 'Canal',
  portal: 'Portal',
  device: 'Dispositiu',
  login: 'Sessió iniciada',
  campaign: 'Campanya',
  country: 'País',
  region: 'Regió',
};

export type ReportViewMode = 'chart' | 'table';

export interface ReportScreenState {
  range: DateRange;
  /** The preset the range came from, when it did. */
  preset?: RangePreset;
  compare: boolean;
  filters: ReportFilter[];
  /** The id of the segment the reports are narrowed to (`s`), if any. */
  segment?: string | undefined;
  /** A second segment whose answers are shown beside the first's (`vs`): side by side. */
  compareSegment?: string | undefined;
  /** Charts (with their tables for assistive technology) or the tables themselves. */
  view: ReportViewMode;
  /** `area/name` of a drill-down, with its parameters; none shows the area's reports. */
  report?: string | undefined;
  reportParams: Record<string, string>;
}

const DEFAULT_PRESET: RangePreset = '7-dies';
/** A segment's id as the server takes it (protocol segment-definition.ts). */
const SEGMENT_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const segmentIdOf = (value: string | null) => (value !== null && SEGMENT_ID.test(value) ? value : undefined);

/** The days a preset covers, seen from `today` (YYYY-MM-DD in the report zone). */
export function presetRange(preset: RangePreset, today: string): DateRange {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'avui':
      return { from: today, to: today };
    case 'ahir':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case '7-dies':
      return { from: addDays(today, -6), to: today };
    case '30-dies':
      return { from: addDays(today, -29), to: today };
    case 'aquest-mes':
      return { from: monthStart, to: today };
    case 'mes-passat': {
      const lastMonthEnd = addDays(monthStart, -1);
      return { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd };
    }
  }
}

/** The screen's state from its URL; a missing or broken range falls back to the last 7 days. */
export function stateFromParams(params: URLSearchParams, now: Date, timeZone: string): ReportScreenState {
  const today = dayIn(now, timeZone);
  const preset = params.get('periode');
  const custom = { from: params.get('des') ?? '', to: params.get('fins') ?? '' };
  const known = (RANGE_PRESETS as readonly string[]).includes(preset ?? '') ? (preset as RangePreset) : undefined;
  const range = known ? presetRange(known, today) : rangeProblem(custom) === undefined ? custom : presetRange(DEFAULT_PRESET, today);
  const filters: ReportFilter[] = [];
  for (const entry of params.getAll('f')) {
    const colon = entry.indexOf(':');
    const dimension = entry.slice(0, colon) as ReportFilterDimension;
    if (colon > 0 && REPORT_FILTER_DIMENSIONS.includes(dimension) && !filters.some((f) => f.dimension === dimension)) {
      filters.push({ dimension, value: entry.slice(colon + 1) });
    }
  }
  const reportParams: Record<string, string> = {};
  for (const [key, value] of params) if (key.startsWith('p.')) reportParams[key.slice(2)] = value;
  const report = params.get('informe') ?? undefined;
  const usedPreset = known ?? (rangeProblem(custom) === undefined ? undefined : DEFAULT_PRESET);
  const view: ReportViewMode = params.get('vista') === 'taula' ? 'table' : 'chart';
  const segment = segmentIdOf(params.get('s'));
  const compareSegment = segmentIdOf(params.get('vs'));
  return {
    range,
    ...(usedPreset && { preset: usedPreset }),
    compare: params.get('compara') === '1',
    filters,
    ...(segment && { segment }),
    ...(compareSegment && { compareSegment }),
    view,
    ...(report && isReportId(report) && { report }),
    reportParams,
  };
}

/** The URL parameters of a state (the inverse of stateFromParams). */
export function paramsFromState(state: ReportScreenState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.preset) params.set('periode', state.preset);
  else {
    params.set('des', state.range.from);
    params.set('fins', state.range.to);
  }
  if (state.compare) params.set('compara', '1');
  for (const filter of state.filters) params.append('f', `${filter.dimension}:${filter.value}`);
  if (state.segment) params.set('s', state.segment);
  if (state.compareSegment) params.set('vs', state.compareSegment);
  if (state.view === 'table') params.set('vista', 'taula');
  if (state.report) params.set('informe', state.report);
  for (const [key, value] of Object.entries(state.reportParams)) params.set(`p.${key}`, value);
  return params;
}

/** The API query of one report for the state: range, comparison, filters, its parameters and the page size. */
export function reportQuery(state: ReportScreenState, params: Record<string, string>, limit: number): string {
  const query = new URLSearchParams({ from: state.range.from, to: state.range.to, limit: String(limit) });
  if (state.compare) query.set('compare', 'previous');
  for (const filter of state.filters) query.append('f', `${filter.dimension}:${filter.value}`);
  if (state.segment) query.set('s', state.segment);
  for (const [key, value] of Object.entries(params)) query.set(key, value);
  return query.toString();
}

/** The state with one more filter (replacing one of the same dimension). */
export function withFilter(state: ReportScreenState, filter: ReportFilter): ReportScreenState {
  return { ...state, filters: [...state.filters.filter((f) => f.dimension !== filter.dimension), filter] };
}

export function withoutFilter(state: ReportScreenState, dimension: ReportFilterDimension): ReportScreenState {
  return { ...state, filters: state.filters.filter((f) => f.dimension !== dimension) };
}

/** Whether a report's rows are values of a filter dimension (a row can then become a filter). */
export function isFilterDimension(key: string): key is ReportFilterDimension {
  return (REPORT_FILTER_DIMENSIONS as readonly string[]).includes(key);
}
