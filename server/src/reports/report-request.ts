/**
 * The common query of every console report (`GET /api/reports/{area}/{report}`): the range, the
 * comparison, the stacked filters, the page of rows, and the report's own parameters. Every value
 * is checked here; reports only ever bind them as SQL parameters.
 */
import { REPORT_FILTER_DIMENSIONS, REPORT_ROWS_MAX, type ReportFilter, type ReportFilterDimension, type Result } from '@mesura/protocol';
import { parseRange, type RangeQuery } from './report-query.js';

/** Rows one answer holds when the console does not say. */
export const REPORT_ROWS_DEFAULT = 25;
/** Furthest a page may start: deeper than this nobody reads, and OFFSET costs grow with it. */
export const REPORT_OFFSET_MAX = 100_000;
/** Longest filter or report parameter value. */
export const REPORT_VALUE_MAX_CHARS = 200;
const DAY_MS = 86_400_000;
const COMMON_PARAMS = ['from', 'to', 'suite', 'compare', 'f', 's', 'offset', 'limit'];
/** A segment's id (protocol segment-definition.ts: a goal's id pattern). */
const SEGMENT_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SEGMENT_ID_MAX_CHARS = 64;

export interface ReportRequest extends RangeQuery {
  /** The same number of days just before `from`, when `compare=previous`. */
  compare?: { from: string; to: string };
  /** At most one per dimension; they stack with AND. */
  filters: ReportFilter[];
  /** The segment asked for (`s=`), by id, as the request names it: report-segment.ts resolves it. */
  segmentId?: string;
  /** The segment applied, once resolved (report-segment.ts): the reports narrow to its visitors. */
  segment?: { id: string; name: string };
  offset: number;
  limit: number;
  /** The report's own parameters (its definition names them), checked as bounded text. */
  params: Record<string, string>;
}

type RawQuery = Record<string, unknown>;

export function parseReportRequest(raw: RawQuery, defaultSuite: string, reportParams: readonly string[] = []): Result<ReportRequest> {
  const known = new Set([...COMMON_PARAMS, ...reportParams]);
  const unknown = Object.keys(raw).find((key) => !known.has(key));
  if (unknown !== undefined) return fail(`unknown parameter '${unknown}'; expected ${[...known].join(', ')}`);
  const range = parseRange(raw, defaultSuite);
  if (!range.ok) return range;
  const compare = parseCompare(raw.compare, range.value);
  if (!compare.ok) return compare;
  const filters = parseFilters(raw.f);
  if (!filters.ok) return filters;
  const segmentId = parseSegmentId(raw.s);
  if (!segmentId.ok) return segmentId;
  const offset = parseWhole(raw.offset, 'offset', 0, 0, REPORT_OFFSET_MAX);
  if (!offset.ok) return offset;
  const limit = parseWhole(raw.limit, 'limit', REPORT_ROWS_DEFAULT, 1, REPORT_ROWS_MAX);
  if (!limit.ok) return limit;
  const params: Record<string, string> = {};
  for (const name of reportParams) {
    const value = raw[name];
    if (value === undefined) continue;
    const text = boundedText(value, name);
    if (!text.ok) return text;
    params[name] = text.value;
  }
  return {
    ok: true,
    value: {
      ...range.value,
      ...(compare.value && { compare: compare.value }),
      filters: filters.value,
      ...(segmentId.value && { segmentId: segmentId.value }),
      offset: offset.value,
      limit: limit.value,
      params,
    },
  };
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(range: { from: string; to: string }): { from: string; to: string } {
  const from = Date.parse(range.from);
  const days = (Date.parse(range.to) - from) / DAY_MS + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(from - days * DAY_MS), to: iso(from - DAY_MS) };
}

function parseCompare(value: unknown, range: RangeQuery): Result<{ from: string; to: string } | undefined> {
  if (value === undefined || value === 'none') return { ok: true, value: undefined };
  if (value !== 'previous') return fail(`compare must be previous or none`);
  return { ok: true, value: previousPeriod(range) };
}

function parseFilters(value: unknown): Result<ReportFilter[]> {
  const entries = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const filters: ReportFilter[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'string') return fail(`f must be dimension:value`);
    const colon = entry.indexOf(':');
    const dimension = entry.slice(0, colon) as ReportFilterDimension;
    if (colon < 1 || !REPORT_FILTER_DIMENSIONS.includes(dimension)) {
      return fail(`f must be dimension:value with dimension one of ${REPORT_FILTER_DIMENSIONS.join(', ')}`);
    }
    if (filters.some((f) => f.dimension === dimension)) return fail(`f names ${dimension} twice; a dimension takes one value`);
    const text = boundedText(entry.slice(colon + 1), `f=${dimension}`);
    if (!text.ok) return text;
    filters.push({ dimension, value: text.value });
  }
  return { ok: true, value: filters };
}

function parseSegmentId(value: unknown): Result<string | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  if (typeof value !== 'string' || value.length > SEGMENT_ID_MAX_CHARS || !SEGMENT_ID.test(value)) return fail(`s must be the id of one segment (lower-case letters, digits and hyphens)`);
  return { ok: true, value };
}

function parseWhole(value: unknown, name: string, fallback: number, min: number, max: number): Result<number> {
  if (value === undefined) return { ok: true, value: fallback };
  const n = typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max)) return fail(`${name} must be a whole number from ${min} to ${max}`);
  return { ok: true, value: n };
}

function boundedText(value: unknown, name: string): Result<string> {
  if (typeof value !== 'string') return fail(`${name} must be given once`);
  if (value.length > REPORT_VALUE_MAX_CHARS) return fail(`${name} is longer than ${REPORT_VALUE_MAX_CHARS} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fail(`${name} contains control characters`);
  return { ok: true, value };
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
