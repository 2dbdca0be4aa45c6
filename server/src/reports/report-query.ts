import type { PageViewDimension } from '../store/store.js';

/** Longest range one report or export may cover. */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
const SUITE_PATTERN = /^[A-Za-z0-9_.-]{1,40}$/;

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface RangeQuery {
  from: string;
  to: string;
  reportSuite: string;
}

type RawQuery = Record<string, unknown>;

/** Validates `from`, `to` (YYYY-MM-DD, inclusive, at most 366 days) and the optional `suite`. */
export function parseRange(raw: RawQuery, defaultSuite: string): Parsed<RangeQuery> {
  const from = parseDay(raw.from, 'from');
  if (!from.ok) return from;
  const to = parseDay(raw.to, 'to');
  if (!to.ok) return to;
  if (from.value > to.value) return fail(`from (${from.value}) is after to (${to.value})`);
  const days = (Date.parse(to.value) - Date.parse(from.value)) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) return fail(`the range covers ${days} days; at most ${MAX_RANGE_DAYS} are allowed`);
  const suite = raw.suite ?? defaultSuite;
  if (typeof suite !== 'string' || !SUITE_PATTERN.test(suite)) return fail(`suite must be a report suite id`);
  return { ok: true, value: { from: from.value, to: to.value, reportSuite: suite } };
}

export interface PageViewsQuery extends RangeQuery {
  by: PageViewDimension;
  includeBots: boolean;
}

const DIMENSIONS: readonly PageViewDimension[] = ['day', 'section', 'pageName'];
const PAGE_VIEW_PARAMS = new Set(['from', 'to', 'by', 'suite', 'includeBots']);

export function parsePageViewsQuery(raw: RawQuery, defaultSuite: string): Parsed<PageViewsQuery> {
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
const EXPORT_PARAMS = new Set(['from', 'to', 'format', 'suite']);

export function parseExportQuery(raw: RawQuery, defaultSuite: string): Parsed<RangeQuery & { format: ExportFormat }> {
  const unknown = Object.keys(raw).find((k) => !EXPORT_PARAMS.has(k));
  if (unknown !== undefined) return fail(`unknown parameter '${unknown}'; expected from, to, format, suite`);
  const range = parseRange(raw, defaultSuite);
  if (!range.ok) return range;
  const format = raw.format ?? 'json';
  if (format !== 'json' && format !== 'csv') return fail(`format must be json or csv`);
  return { ok: true, value: { ...range.value, format } };
}

function parseDay(value: unknown, name: string): Parsed<string> {
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
