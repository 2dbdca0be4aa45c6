import { REPORT_SUITE_ID, type Result } from '@mesura/protocol';
import { decodeExportCursor, type ExportCursor } from '../store/export-cursor.js';
import type { PageViewDimension } from '../store/store.js';

/** Longest range one report or export may cover. */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

export interface RangeQuery {
  from: string;
  to: string;
  reportSuite: string;
}

type RawQuery = Record<string, unknown>;

/** Validates `from`, `to` (YYYY-MM-DD, inclusive, at most 366 days) and the optional `suite`. */
export function parseRange(raw: RawQuery, defaultSuite: string): Result<RangeQuery> {
  const from = parseDay(raw.from, 'from');
  if (!from.ok) return from;
  const to = parseDay(raw.to, 'to');
  if (!to.ok) return to;
  if (from.value > to.value) return fail(`from (${from.value}) is after to (${to.value})`);
  const days = (Date.parse(to.value) - Date.parse(from.value)) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) return fail(`the range covers ${days} days; at most ${MAX_RANGE_DAYS} are allowed`);
  const suite = raw.suite ?? defaultSuite;
  if (typeof suite !== 'string' || !REPORT_SUITE_ID.test(suite)) return fail(`suite must be a report suite id`);
  return { ok: true, value: { from: from.value, to: to.value, reportSuite: suite } };
}

export interface PageViewsQuery extends RangeQuery {
  by: PageViewDimension;
  includeBots: boolean;
}

const DIMENSIONS: readonly PageViewDimension[] = ['day', 'section', 'pageName'];
const PAGE_VIEW_PARAMS = new Set(['from', 'to', 'by', 'suite', 'includeBots']);

export function parsePageViewsQuery(raw: RawQuery, defaultSuite: string): Result<PageViewsQuery> {
  const unknown = Object.keys(raw).find((k) => !PAGE_VIEW_PARAMS.has(k));
  if (unknown !== undefined) return fail(`unknown parameter '${unknown}'; expected from, to, by, suite, includeBots`);
  const range = parseRange(raw, defaultSuite);
  if (!range.ok) return range;
  const by = raw.by ?? 'day';
  if (!DIMENSIONS.includes(by as PageViewDimension)) return fail(`by must be one of day, section, pageName`);
  const bots = raw.includeBots ?? 'false';
  if (bots !== 'true' && bots !== 'false') return fail(`includeBots must be true or false`);
  return { ok: true, value: { ...range.value, by: by as PageViewDimension, includeBots: bots === 'true' } };
}

export type ExportFormat = 'json' | 'csv';
/** Most rows one export response holds; the rest follow through the continuation token. */
export const EXPORT_MAX_ROWS = 100_000;
const EXPORT_PARAMS = new Set(['from', 'to', 'format', 'suite', 'limit', 'after']);

export interface ExportRequest extends RangeQuery {
  format: ExportFormat;
  /** Rows in this response at most: `limit`, else EXPORT_MAX_ROWS. */
  limit: number;
  /** Continue after this row (the previous page's token). */
  after?: ExportCursor;
}

export function parseExportQuery(raw: RawQuery, defaultSuite: string): Result<ExportRequest> {
  const unknown = Object.keys(raw).find((k) => !EXPORT_PARAMS.has(k));
  if (unknown !== undefined) return fail(`unknown parameter '${unknown}'; expected from, to, format, suite, limit, after`);
  const range = parseRange(raw, defaultSuite);
  if (!range.ok) return range;
  const format = raw.format ?? 'json';
  if (format !== 'json' && format !== 'csv') return fail(`format must be json or csv`);
  const limit = parseLimit(raw.limit);
  if (!limit.ok) return limit;
  if (raw.after === undefined) return { ok: true, value: { ...range.value, format, limit: limit.value } };
  if (typeof raw.after !== 'string') return fail('after must be one continuation token');
  const after = decodeExportCursor(raw.after);
  if (!after.ok) return after;
  if (after.value.reportSuite !== range.value.reportSuite) return fail(`after continues an export of another report suite`);
  return { ok: true, value: { ...range.value, format, limit: limit.value, after: after.value } };
}

function parseLimit(value: unknown): Result<number> {
  if (value === undefined) return { ok: true, value: EXPORT_MAX_ROWS };
  const n = typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > EXPORT_MAX_ROWS) return fail(`limit must be an integer from 1 to ${EXPORT_MAX_ROWS}`);
  return { ok: true, value: n };
}

function parseDay(value: unknown, name: string): Result<string> {
  if (value === undefined) return fail(`${name} is required (YYYY-MM-DD)`);
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return fail(`${name} must be a date as YYYY-MM-DD`);
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    return fail(`${name} is not a calendar date: ${value}`);
  }
  return { ok: true, value };
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
