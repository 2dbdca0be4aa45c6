/**
 * A user's alert rule as stored (a figure and the report filters it is narrowed by, whose it is,
 * and the breach it is in, if any), and a fired alert: the window that left its range, its value
 * and the range, and when it came back.
 */
import { REPORT_FILTER_DIMENSIONS, type ReportFilter, type ReportFilterDimension, type Result } from '@mesura/protocol';
import { ALERT_FIGURE_KEYS, ALERT_FIGURES, type AlertFigureKey } from './alert-figures.js';

export interface AlertRule {
  id: string;
  owner: string;
  figure: AlertFigureKey;
  filters: ReportFilter[];
  createdAt: string;
  /** The fired alert of the breach going on: until the figure is back in range, nothing more is mailed. */
  breach?: { firedAlertId: string };
}

export interface FiredAlert {
  id: string;
  ruleId: string;
  owner: string;
  figure: AlertFigureKey;
  filters: ReportFilter[];
  /** The window that left its range, ISO 8601, end excluded. */
  from: string;
  to: string;
  value: number;
  low: number;
  high: number;
  firedAt: string;
  /** The first window back in range, when there has been one. */
  endedAt?: string;
}

/** Longest filter value of a rule (report-request.ts REPORT_VALUE_MAX_CHARS). */
const FILTER_VALUE_MAX_CHARS = 200;

export function parseAlertRuleFields(body: unknown): Result<{ figure: AlertFigureKey; filters: ReportFilter[] }> {
  if (typeof body !== 'object' || body === null) return fail('the body must be {figure, filters}');
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => key !== 'figure' && key !== 'filters');
  if (unknown !== undefined) return fail(`unknown field '${unknown}'; expected figure, filters`);
  if (typeof fields.figure !== 'string' || !(ALERT_FIGURE_KEYS as readonly string[]).includes(fields.figure)) return fail(`figure must be one of ${ALERT_FIGURE_KEYS.join(', ')}`);
  const figure = ALERT_FIGURES[fields.figure as AlertFigureKey];
  const raw = fields.filters ?? [];
  if (!Array.isArray(raw)) return fail('filters must be a list of dimension:value');
  const filters: ReportFilter[] = [];
  for (const entry of raw) {
    const colon = typeof entry === 'string' ? entry.indexOf(':') : -1;
    const dimension = (typeof entry === 'string' ? entry.slice(0, colon) : '') as ReportFilterDimension;
    if (colon < 1 || !REPORT_FILTER_DIMENSIONS.includes(dimension)) return fail(`filters must be dimension:value with dimension one of ${REPORT_FILTER_DIMENSIONS.join(', ')}`);
    if (figure.filterColumns[dimension] === undefined) return fail(`${figure.key} cannot be filtered by ${dimension}`);
    if (filters.some((f) => f.dimension === dimension)) return fail(`filters name ${dimension} twice`);
    const value = (entry as string).slice(colon + 1);
    // eslint-disable-next-line no-control-regex
    if (value.length === 0 || value.length > FILTER_VALUE_MAX_CHARS || /[\u0000-\u001f\u007f]/.test(value)) return fail(`a filter's value must be 1 to ${FILTER_VALUE_MAX_CHARS} characters of text`);
    filters.push({ dimension, value });
  }
  return { ok: true, value: { figure: figure.key, filters } };
}

/** A stored rule read back, or undefined when it no longer reads as one. */
export function storedAlertRuleOf(stored: unknown): AlertRule | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const row = stored as Record<string, unknown>;
  const fields = parseAlertRuleFields({ figure: row.figure, filters: Array.isArray(row.filters) ? row.filters.map((f: ReportFilter) => `${f?.dimension}:${f?.value}`) : [] });
  if (!fields.ok || typeof row.id !== 'string' || typeof row.owner !== 'string' || typeof row.createdAt !== 'string') return undefined;
  const breach = row.breach as { firedAlertId?: unknown } | undefined;
  return {
    id: row.id,
    owner: row.owner,
    ...fields.value,
    createdAt: row.createdAt,
    ...(typeof breach?.firedAlertId === 'string' && { breach: { firedAlertId: breach.firedAlertId } }),
  };
}

/** A stored fired alert, as the store keeps what this server wrote; undefined when it is not one. */
export function storedFiredAlertOf(stored: unknown): FiredAlert | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const row = stored as FiredAlert;
  return typeof row.id === 'string' && typeof row.ruleId === 'string' && typeof row.owner === 'string' && typeof row.value === 'number' ? row : undefined;
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
