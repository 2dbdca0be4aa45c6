/**
 * The account audit for admins: `GET /api/accounts/audit` (every sign-in, sign-out, failed
 * sign-in, user and token change, newest first, paged by cursor) and
 * `GET /api/accounts/last-sign-ins` (each user's latest sign-in, for the console's user list).
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { AccountAuditPageEntry, AccountStore } from '../store/account-store.js';
import { encodeAccountAuditCursor, parseAccountAuditQuery, type AccountAuditRequest } from './account-audit-request.js';

export interface AccountAuditDeps {
  /** Where the audit lives, beside the users and tokens it names. */
  accounts: AccountStore;
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
    return auditPage(deps.accounts, parsed.value);
  });

  app.get('/api/accounts/last-sign-ins', ADMIN, async () => {
    const signIns = await deps.accounts.lastSignIns(SIGN_IN_ACTION);
    return { lastSignIns: signIns.map(({ userId, atMs }) => ({ userId, at: new Date(atMs).toISOString() })) };
  });
}

async function auditPage(accounts: AccountStore, { limit, before }: AccountAuditRequest) {
  // One entry past the page says whether another page follows.
  const entries = await accounts.auditPage(before ?? NEWEST, limit + 1);
  const page = entries.slice(0, limit);
  const last = page.at(-1);
  const next = entries.length > limit && last ? encodeAccountAuditCursor({ atMs: last.atMs, seq: last.seq }) : null;
  return { entries: page.map(entryView), next };
}

function entryView(entry: AccountAuditPageEntry): AccountAuditEntryView {
  return {
    at: new Date(entry.atMs).toISOString(),
    action: entry.action,
    actor: entry.actorId === null ? null : { id: entry.actorId, email: entry.actorEmail },
    subject: entry.subject,
    subjectName: entry.subjectName,
  };
}
