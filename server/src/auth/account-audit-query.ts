/**
 * One page of the account audit, newest first, with the e-mail of who acted and the name of what
 * the entry is about while that user or token still exists (user-… and token-… entries name ids;
 * sign-in entries name the e-mail typed). `rowid` orders entries of one millisecond and makes the
 * cursor (account-audit-request.ts): the audit is only ever appended to, so it never changes.
 *
 * Accounts live in the embedded DuckDB file (store/duckdb-accounts.ts), so this query has no
 * ClickHouse variant: a deployment with events elsewhere keeps its accounts there too.
 */
import type { EngineQuery } from '../store/analytics-reader.js';

export const ACCOUNT_AUDIT_PAGE_QUERY: EngineQuery = {
  name: 'account-audit-page',
  duckdb: `SELECT audit.rowid AS seq, audit.at_ms, audit.action, audit.actor_id, actor.email AS actor_email, audit.subject,
       COALESCE(subject_user.email, subject_token.name) AS subject_name
FROM account_audit AS audit
LEFT JOIN users AS actor ON actor.id = audit.actor_id
LEFT JOIN users AS subject_user ON subject_user.id = audit.subject
LEFT JOIN api_tokens AS subject_token ON subject_token.id = audit.subject
WHERE audit.at_ms < $before_at_ms OR (audit.at_ms = $before_at_ms AND audit.rowid < $before_seq)
ORDER BY audit.at_ms DESC, audit.rowid DESC
LIMIT $limit`,
};
