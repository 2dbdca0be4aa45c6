/**
 * The checked query of `GET /api/accounts/audit`: how many entries (`limit`) and where the page
 * starts (`before`, the `next` cursor of the page before). Pure, with one-line reasons.
 */
import type { Result } from '@mesura/protocol';

/** Entries one page lists when the caller names no limit, and the most it may ask for. */
export const ACCOUNT_AUDIT_DEFAULT_ENTRIES = 50;
export const ACCOUNT_AUDIT_MAX_ENTRIES = 500;

/**
 * Where a page ends: the instant of its last entry and that entry's row number. Entries can share
 * a millisecond (a user made and signed in at once), so the instant alone would skip or repeat
 * some at a page's edge.
 */
export interface AccountAuditCursor {
  atMs: number;
  seq: number;
}

export interface AccountAuditRequest {
  limit: number;
  /** Null for the newest page. */
  before: AccountAuditCursor | null;
}

/** `<atMs>-<seq>`, both whole numbers within JavaScript's exact integers. */
const CURSOR_FORMAT = /^(\d{1,15})-(\d{1,15})$/;
const LIMIT_FORMAT = /^\d{1,4}$/;
const PARAMETERS = ['limit', 'before'];

export function encodeAccountAuditCursor(cursor: AccountAuditCursor): string {
  return `${cursor.atMs}-${cursor.seq}`;
}

export function decodeAccountAuditCursor(value: unknown): AccountAuditCursor | undefined {
  const match = typeof value === 'string' ? CURSOR_FORMAT.exec(value) : null;
  return match ? { atMs: Number(match[1]), seq: Number(match[2]) } : undefined;
}

export function parseAccountAuditQuery(raw: Record<string, unknown>): Result<AccountAuditRequest> {
  const unknown = Object.keys(raw).find((key) => !PARAMETERS.includes(key));
  if (unknown !== undefined) return { ok: false, reason: `unknown parameter '${unknown}'; expected limit and before` };
  let limit = ACCOUNT_AUDIT_DEFAULT_ENTRIES;
  if (raw.limit !== undefined) {
    limit = typeof raw.limit === 'string' && LIMIT_FORMAT.test(raw.limit) ? Number(raw.limit) : 0;
    if (limit < 1 || limit > ACCOUNT_AUDIT_MAX_ENTRIES) return { ok: false, reason: `limit must be an integer from 1 to ${ACCOUNT_AUDIT_MAX_ENTRIES}` };
  }
  if (raw.before === undefined) return { ok: true, value: { limit, before: null } };
  const before = decodeAccountAuditCursor(raw.before);
  if (!before) return { ok: false, reason: "before must be the 'next' of a previous page, such as 1764028800000-12" };
  return { ok: true, value: { limit, before } };
}
