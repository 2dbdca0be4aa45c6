/** Checks of the visitors' rights API's inputs: pure, one-line reasons. */
import { isVisitorId, type Result } from '@mesura/protocol';

/** Most requests `GET /api/visitors/requests` lists at once, and its default. */
export const RIGHTS_REQUESTS_MAX = 1000;
export const RIGHTS_REQUESTS_DEFAULT = 100;

export function checkVisitorId(value: unknown): Result<string> {
  if (isVisitorId(value)) return { ok: true, value };
  return { ok: false, reason: 'visitorId must be a Mesura visitor id: 16 upper-case hex digits, a hyphen, 16 more' };
}

export function parseRequestsQuery(raw: Record<string, unknown>): Result<{ limit: number }> {
  const unknown = Object.keys(raw).find((key) => key !== 'limit');
  if (unknown !== undefined) return { ok: false, reason: `unknown parameter '${unknown}'; expected limit` };
  if (raw.limit === undefined) return { ok: true, value: { limit: RIGHTS_REQUESTS_DEFAULT } };
  const limit = typeof raw.limit === 'string' && /^\d{1,4}$/.test(raw.limit) ? Number(raw.limit) : 0;
  if (limit < 1 || limit > RIGHTS_REQUESTS_MAX) return { ok: false, reason: `limit must be an integer from 1 to ${RIGHTS_REQUESTS_MAX}` };
  return { ok: true, value: { limit } };
}
