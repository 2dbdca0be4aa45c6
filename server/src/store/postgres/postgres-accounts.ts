/**
 * Accounts in PostgreSQL: users, sessions, API tokens and the account audit, with the behaviour of
 * the embedded store (store/duckdb/duckdb-accounts.ts; both run test/helpers/account-store-contract.ts).
 * Every value is a bound parameter. Unlike DuckDB, PostgreSQL takes concurrent writers, so
 * statements are not queued; a user's sessions and tokens go with the user (ON DELETE CASCADE).
 */
import type { AccountAuditBefore, AccountAuditEntry, AccountAuditPageEntry, AccountStore, ApiTokenRecord, LastSignIn, SessionRecord, UserChanges, UserRecord } from '../account-store.js';
import { toAuditPageEntry, toSession, toToken, toUser } from '../account-rows.js';
import type { Sql } from './postgres-pool.js';

export class PostgresAccountStore implements AccountStore {
  constructor(private readonly sql: Sql) {}

  async countUsers(): Promise<number> {
    const { rows } = await this.sql.query('SELECT count(*) AS n FROM users');
    return Number(rows[0]?.n ?? 0);
  }

  async listUsers(): Promise<UserRecord[]> {
    return (await this.sql.query('SELECT * FROM users ORDER BY email')).rows.map(toUser);
  }

  async userById(id: string): Promise<UserRecord | undefined> {
    const [row] = (await this.sql.query('SELECT * FROM users WHERE id = $1', [id])).rows;
    return row && toUser(row);
  }

  async userByEmail(email: string): Promise<UserRecord | undefined> {
    const [row] = (await this.sql.query('SELECT * FROM users WHERE email = $1', [email])).rows;
    return row && toUser(row);
  }

  async insertUser(user: UserRecord): Promise<void> {
    await this.sql.query('INSERT INTO users (id, email, role, password_hash, must_change_password, created_at_ms) VALUES ($1, $2, $3, $4, $5, $6)', [
      user.id,
      user.email,
      user.role,
      user.passwordHash,
      user.mustChangePassword,
      user.createdAtMs,
    ]);
  }

  async updateUser(id: string, changes: UserChanges): Promise<void> {
    // One statement: a field left out keeps its stored value, whatever another process wrote meanwhile.
    await this.sql.query(
      `UPDATE users SET role = coalesce($2, role), password_hash = coalesce($3, password_hash),
         must_change_password = coalesce($4, must_change_password) WHERE id = $1`,
      [id, changes.role ?? null, changes.passwordHash ?? null, changes.mustChangePassword ?? null],
    );
  }

  async deleteUser(id: string): Promise<void> {
    await this.sql.query('DELETE FROM users WHERE id = $1', [id]);
  }

  async insertSession(session: SessionRecord): Promise<void> {
    await this.sql.query('INSERT INTO sessions (secret_hash, user_id, created_at_ms, last_seen_at_ms) VALUES ($1, $2, $3, $4)', [
      session.secretHash,
      session.userId,
      session.createdAtMs,
      session.lastSeenAtMs,
    ]);
  }

  async sessionBySecretHash(secretHash: string): Promise<SessionRecord | undefined> {
    const [row] = (await this.sql.query('SELECT * FROM sessions WHERE secret_hash = $1', [secretHash])).rows;
    return row && toSession(row);
  }

  async touchSession(secretHash: string, atMs: number): Promise<void> {
    await this.sql.query('UPDATE sessions SET last_seen_at_ms = $2 WHERE secret_hash = $1', [secretHash, atMs]);
  }

  async deleteSession(secretHash: string): Promise<void> {
    await this.sql.query('DELETE FROM sessions WHERE secret_hash = $1', [secretHash]);
  }

  async deleteUserSessions(userId: string, keepSecretHash?: string): Promise<void> {
    await this.sql.query('DELETE FROM sessions WHERE user_id = $1 AND secret_hash <> $2', [userId, keepSecretHash ?? '']);
  }

  async deleteSessionsIdleSince(beforeMs: number): Promise<void> {
    await this.sql.query('DELETE FROM sessions WHERE last_seen_at_ms < $1', [beforeMs]);
  }

  async insertToken(token: ApiTokenRecord): Promise<void> {
    await this.sql.query('INSERT INTO api_tokens (id, user_id, name, role, secret_hash, created_at_ms, last_used_at_ms) VALUES ($1, $2, $3, $4, $5, $6, NULL)', [
      token.id,
      token.userId,
      token.name,
      token.role,
      token.secretHash,
      token.createdAtMs,
    ]);
  }

  async tokensOf(userId: string): Promise<ApiTokenRecord[]> {
    return (await this.sql.query('SELECT * FROM api_tokens WHERE user_id = $1 ORDER BY created_at_ms, id', [userId])).rows.map(toToken);
  }

  async tokenBySecretHash(secretHash: string): Promise<ApiTokenRecord | undefined> {
    const [row] = (await this.sql.query('SELECT * FROM api_tokens WHERE secret_hash = $1', [secretHash])).rows;
    return row && toToken(row);
  }

  async touchToken(id: string, atMs: number): Promise<void> {
    await this.sql.query('UPDATE api_tokens SET last_used_at_ms = $2 WHERE id = $1', [id, atMs]);
  }

  async deleteToken(userId: string, id: string): Promise<boolean> {
    return (await this.sql.query('DELETE FROM api_tokens WHERE id = $1 AND user_id = $2', [id, userId])).rowCount > 0;
  }

  async audit(entry: AccountAuditEntry): Promise<void> {
    await this.sql.query('INSERT INTO account_audit (at_ms, actor_id, action, subject) VALUES ($1, $2, $3, $4)', [entry.atMs, entry.actorId, entry.action, entry.subject]);
  }

  async auditPage(before: AccountAuditBefore, limit: number): Promise<AccountAuditPageEntry[]> {
    const { rows } = await this.sql.query(
      `SELECT audit.seq, audit.at_ms, audit.action, audit.actor_id, actor.email AS actor_email, audit.subject,
         coalesce(subject_user.email, subject_token.name) AS subject_name
       FROM account_audit AS audit
       LEFT JOIN users AS actor ON actor.id = audit.actor_id
       LEFT JOIN users AS subject_user ON subject_user.id = audit.subject
       LEFT JOIN api_tokens AS subject_token ON subject_token.id = audit.subject
       WHERE (audit.at_ms, audit.seq) < ($1, $2)
       ORDER BY audit.at_ms DESC, audit.seq DESC
       LIMIT $3`,
      [before.atMs, before.seq, limit],
    );
    return rows.map(toAuditPageEntry);
  }

  async lastSignIns(action: string): Promise<LastSignIn[]> {
    const { rows } = await this.sql.query('SELECT actor_id, max(at_ms) AS at_ms FROM account_audit WHERE action = $1 AND actor_id IS NOT NULL GROUP BY actor_id ORDER BY actor_id', [action]);
    return rows.map((row) => ({ userId: String(row.actor_id), atMs: Number(row.at_ms) }));
  }
}
