/**
 * The account audit for admins: `GET /api/accounts/audit` (every sign-in, sign-out, failed
 * sign-in, user and token change, newest first, paged by cursor) and
 * `GET /api/accounts/last-sign-ins` (each user's latest sign-in, for the console's user list).
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import { numberOf, type AnalyticsReader, type ResultRow } from '../store/analytics-reader.js';
import { ACCOUNT_AUDIT_PAGE_QUERY } from './account-audit-query.js';
import { encodeAccountAuditCursor, parseAccountAuditQuery, type AccountAuditRequest } from './account-audit-request.js';
import { LAST_SIGN_IN_QUERY } from './last-sign-in-query.js';

export interface AccountAuditDeps {
  /** Runs a query on the embedded file that holds the account tables. */
  reader: AnalyticsReader;
}

/** One audit entry as the API answers it. */
export interface AccountAuditEntryView {
  at: string;
  /** login, login-failed, logout, password-changed, user-created, user-role-<role>, user-password-set, user-deleted, token-created, token-revoked. */
  action: string;
  /** Who acted: null for the server itself (the first admin) or an unknown e-mail's failed sign-in; `email` null once deleted. */
  actor: { id: string; email: string | null } | null;
  /** The user id, token id or typed e-mail the entry is about. */
  subject: string | null;
  /** The e-mail of the subject user or the name of the subject token, while it exists. */
  subjectName: string | null;
}

/** The cursor value of "no page before": newer than any entry. */
const NEWEST = { atMs: Number.MAX_SAFE_INTEGER, seq: 0 };
const SIGN_IN_ACTION = 'login';
const ADMIN = { config: { access: 'admin' as const } };

export async function accountAuditRoutes(app: FastifyInstance, deps: AccountAuditDeps): Promise<void> {
  app.get('/api/accounts/audit', ADMIN, async (request) => {
    const parsed = parseAccountAuditQuery(request.query as Record<string, unknown>);
    if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
    return auditPage(deps.reader, parsed.value);
  });

  app.get('/api/accounts/last-sign-ins', ADMIN, async () => {
    const rows = await deps.reader.read(LAST_SIGN_IN_QUERY, { action: SIGN_IN_ACTION });
    return { lastSignIns: rows.map((row) => ({ userId: String(row.user_id), at: instantOf(row.at_ms) })) };
  });
}

async function auditPage(reader: AnalyticsReader, { limit, before }: AccountAuditRequest) {
  const cursor = before ?? NEWEST;
  // One row past the page says whether another page follows.
  const rows = await reader.read(ACCOUNT_AUDIT_PAGE_QUERY, { before_at_ms: cursor.atMs, before_seq: cursor.seq, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? encodeAccountAuditCursor({ atMs: numberOf(last.at_ms) ?? 0, seq: numberOf(last.seq) ?? 0 }) : null;
  return { entries: page.map(entryView), next };
}

function entryView(row: ResultRow): AccountAuditEntryView {
  return {
    at: instantOf(row.at_ms),
    action: String(row.action),
    actor: row.actor_id === null ? null : { id: String(row.actor_id), email: textOrNull(row.actor_email) },
    subject: textOrNull(row.subject),
    subjectName: textOrNull(row.subject_name),
  };
}

function instantOf(atMs: unknown): string {
  return new Date(numberOf(atMs) ?? 0).toISOString();
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
