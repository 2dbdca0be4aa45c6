/**
 * Each user's latest sign-in, read from the account audit's `login` entries (auth/sessions.ts
 * writes one per successful sign-in). Users who never signed in have no row. DuckDB only, as
 * account-audit-query.ts says why.
 */
import type { EngineQuery } from '../store/analytics-reader.js';

export const LAST_SIGN_IN_QUERY: EngineQuery = {
  name: 'last-sign-in',
  duckdb: `SELECT actor_id AS user_id, max(at_ms) AS at_ms
FROM account_audit
WHERE action = $action AND actor_id IS NOT NULL
GROUP BY actor_id
ORDER BY actor_id`,
};
