import type { MediaDimension } from '../store/media-store.js';
import type { Result } from '@mesura/protocol';
import { parseRange, type RangeQuery } from './report-query.js';

type RawQuery = Record<string, unknown>;

export interface MediaQueryParams extends RangeQuery {
  includeBots: boolean;
}

const DIMENSIONS: readonly MediaDimension[] = ['content', 'programme', 'day'];
const REPORT_PARAMS = ['from', 'to', 'by', 'suite', 'includeBots'];
const SESSIONS_PARAMS = ['from', 'to', 'suite', 'includeBots', 'limit'];
/** Sessions listed when the query does not say; the list is for inspection, not export. */
export const DEFAULT_SESSIONS_LIMIT = 1000;
export const MAX_SESSIONS_LIMIT = 10_000;

/** `GET /api/reports/media`: the page-view report's rules (range, suite, bots) and `by`. */
export function parseMediaReportQuery(raw: RawQuery, defaultSuite: string): Result<MediaQueryParams & { by: MediaDimension }> {
  const common = parseCommon(raw, defaultSuite, REPORT_PARAMS);
  if (!common.ok) return common;
  const by = raw.by ?? 'day';
  if (!DIMENSIONS.includes(by as MediaDimension)) return fail(`by must be one of ${DIMENSIONS.join(', ')}`);
  return { ok: true, value: { ...common.value, by: by as MediaDimension } };
}

/** `GET /api/reports/media/sessions`: the same range rules and an optional `limit`. */
export function parseMediaSessionsQuery(raw: RawQuery, defaultSuite: string): Result<MediaQueryParams & { limit: number }> {
  const common = parseCommon(raw, defaultSuite, SESSIONS_PARAMS);
  if (!common.ok) return common;
  const limit = raw.limit === undefined ? DEFAULT_SESSIONS_LIMIT : Number(raw.limit);
  if (typeof raw.limit === 'object' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SESSIONS_LIMIT) {
    return fail(`limit must be a whole number from 1 to ${MAX_SESSIONS_LIMIT}`);
  }
  return { ok: true, value: { ...common.value, limit } };
}

function parseCommon(raw: RawQuery, defaultSuite: string, allowed: readonly string[]): Result<MediaQueryParams> {
  const unknown = Object.keys(raw).find((k) => !allowed.includes(k));
  if (unknown !== undefined) return fail(`unknown parameter '${unknown}'; expected ${allowed.join(', ')}`);
  const range = parseRange(raw, defaultSuite);
  if (!range.ok) return range;
  const bots = raw.includeBots ?? 'false';
  if (bots !== 'true' && bots !== 'false') return fail(`includeBots must be true or false`);
  return { ok: true, value: { ...range.value, includeBots: bots === 'true' } };
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
