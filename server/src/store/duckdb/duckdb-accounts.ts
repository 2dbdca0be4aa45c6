/**
 * The DuckDB side of accounts: users, sessions, API tokens and the account audit, in the embedded
 * file beside the events. Every value goes in as a bound parameter. Statements run one at a time:
 * account writes are rare and small, and DuckDB refuses two transactions writing one row at once
 * (two requests of one session touching it).
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import type { AccountAuditBefore, AccountAuditEntry, AccountAuditPageEntry, AccountStore, ApiTokenRecord, LastSignIn, SessionRecord, UserChanges, UserRecord } from '../account-store.js';
import { toAuditPageEntry, toSession, toToken, toUser } from '../account-rows.js';

type Row = Record<string, unknown>;

export async function ensureAccountTables(connection: DuckDBConnection): Promise<void> {
  await connection.run(`CREATE TABLE IF NOT EXISTS users (id VARCHAR PRIMARY KEY, email VARCHAR NOT NULL UNIQUE, role VARCHAR NOT NULL,
    password_hash VARCHAR NOT NULL, must_change_password BOOLEAN NOT NULL, created_at_ms BIGINT NOT NULL)`);
  await connection.run(`CREATE TABLE IF NOT EXISTS sessions (secret_hash VARCHAR PRIMARY KEY, user_id VARCHAR NOT NULL,
    created_at_ms BIGINT NOT NULL, last_seen_at_ms BIGINT NOT NULL)`);
  await connection.run(`CREATE TABLE IF NOT EXISTS api_tokens (id VARCHAR PRIMARY KEY, user_id VARCHAR NOT NULL, name VARCHAR NOT NULL,
    role VARCHAR NOT NULL, secret_hash VARCHAR NOT NULL UNIQUE, created_at_ms BIGINT NOT NULL, last_used_at_ms BIGINT)`);
  await connection.run(`CREATE TABLE IF NOT EXISTS account_audit (at_ms BIGINT NOT NULL, actor_id VARCHAR, action VARCHAR NOT NULL, subject VARCHAR)`);
}

export class DuckDbAccountStore implements AccountStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly connect: () => Promise<DuckDBConnection>) {}

  /** Runs statements strictly one after another (see the file's comment). */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private rows(sql: string, values: Record<string, DuckDBValue> = {}): Promise<Row[]> {
    return this.serial(async () => {
      const connection = await this.connect();
      try {
        return (await connection.runAndReadAll(sql, values)).getRowObjectsJson() as Row[];
      } finally {
        connection.closeSync();
      }
    });
  }

  private async run(sql: string, values: Record<string, DuckDBValue> = {}): Promise<number> {
    const result = await this.rows(sql, values);
    return Number(result[0]?.Count ?? 0);
  }

  async countUsers(): Promise<number> {
    return Number((await this.rows('SELECT count(*) AS n FROM users'))[0]?.n ?? 0);
  }

  async listUsers(): Promise<UserRecord[]> {
    return (await this.rows('SELECT * FROM users ORDER BY email')).map(toUser);
  }

  async userById(id: string): Promise<UserRecord | undefined> {
    const [row] = await this.rows('SELECT * FROM users WHERE id = $id', { id });
    return row && toUser(row);
  }

  async userByEmail(email: string): Promise<UserRecord | undefined> {
    const [row] = await this.rows('SELECT * FROM users WHERE email = $email', { email });
    return row && toUser(row);
  }

  async insertUser(user: UserRecord): Promise<void> {
    await this.run('INSERT INTO users VALUES ($id, $email, $role, $hash, $must, $created)', {
      id: user.id,
      email: user.email,
      role: user.role,
      hash: user.passwordHash,
      must: user.mustChangePassword,
      created: user.createdAtMs,
    });
  }

  async updateUser(id: string, changes: UserChanges): Promise<void> {
    const current = await this.userById(id);
    if (!current) return;
    const next = { ...current, ...changes };
    await this.run('UPDATE users SET role = $role, password_hash = $hash, must_change_password = $must WHERE id = $id', {
      id,
      role: next.role,
      hash: next.passwordHash,
      must: next.mustChangePassword,
    });
  }

  async deleteUser(id: string): Promise<void> {
    await this.run('DELETE FROM sessions WHERE user_id = $id', { id });
    await this.run('DELETE FROM api_tokens WHERE user_id = $id', { id });
    await this.run('DELETE FROM users WHERE id = $id', { id });
  }

  async insertSession(session: SessionRecord): Promise<void> {
    await this.run('INSERT INTO sessions VALUES ($hash, $user, $created, $seen)', {
      hash: session.secretHash,
      user: session.userId,
      created: session.createdAtMs,
      seen: session.lastSeenAtMs,
    });
  }

  async sessionBySecretHash(secretHash: string): Promise<SessionRecord | undefined> {
    const [row] = await this.rows('SELECT * FROM sessions WHERE secret_hash = $hash', { hash: secretHash });
    return row && toSession(row);
  }

  async touchSession(secretHash: string, atMs: number): Promise<void> {
    await this.run('UPDATE sessions SET last_seen_at_ms = $at WHERE secret_hash = $hash', { hash: secretHash, at: atMs });
  }

  async deleteSession(secretHash: string): Promise<void> {
    await this.run('DELETE FROM sessions WHERE secret_hash = $hash', { hash: secretHash });
  }

  async deleteUserSessions(userId: string, keepSecretHash?: string): Promise<void> {
    await this.run('DELETE FROM sessions WHERE user_id = $user AND secret_hash <> $keep', { user: userId, keep: keepSecretHash ?? '' });
  }

  async deleteSessionsIdleSince(beforeMs: number): Promise<void> {
    await this.run('DELETE FROM sessions WHERE last_seen_at_ms < $before', { before: beforeMs });
  }

  async insertToken(token: ApiTokenRecord): Promise<void> {
    await this.run('INSERT INTO api_tokens VALUES ($id, $user, $name, $role, $hash, $created, NULL)', {
      id: token.id,
      user: token.userId,
      name: token.name,
      role: token.role,
      hash: token.secretHash,
      created: token.createdAtMs,
    });
  }

  async tokensOf(userId: string): Promise<ApiTokenRecord[]> {
    return (await this.rows('SELECT * FROM api_tokens WHERE user_id = $user ORDER BY created_at_ms, id', { user: userId })).map(toToken);
  }

  async tokenBySecretHash(secretHash: string): Promise<ApiTokenRecord | undefined> {
    const [row] = await this.rows('SELECT * FROM api_tokens WHERE secret_hash = $hash', { hash: secretHash });
    return row && toToken(row);
  }

  async touchToken(id: string, atMs: number): Promise<void> {
    await this.run('UPDATE api_tokens SET last_used_at_ms = $at WHERE id = $id', { id, at: atMs });
  }

  async deleteToken(userId: string, id: string): Promise<boolean> {
    return (await this.run('DELETE FROM api_tokens WHERE id = $id AND user_id = $user', { id, user: userId })) > 0;
  }

  async audit(entry: AccountAuditEntry): Promise<void> {
    await this.run('INSERT INTO account_audit VALUES ($at, $actor, $action, $subject)', {
      at: entry.atMs,
      actor: entry.actorId,
      action: entry.action,
      subject: entry.subject,
    });
  }

  async auditPage(before: AccountAuditBefore, limit: number): Promise<AccountAuditPageEntry[]> {
    // `rowid` orders entries of one millisecond: the audit is only ever appended to, so it never changes.
    const rows = await this.rows(
      `SELECT audit.rowid AS seq, audit.at_ms, audit.action, audit.actor_id, actor.email AS actor_email, audit.subject,
         COALESCE(subject_user.email, subject_token.name) AS subject_name
       FROM account_audit AS audit
       LEFT JOIN users AS actor ON actor.id = audit.actor_id
       LEFT JOIN users AS subject_user ON subject_user.id = audit.subject
       LEFT JOIN api_tokens AS subject_token ON subject_token.id = audit.subject
       WHERE audit.at_ms < $at OR (audit.at_ms = $at AND audit.rowid < $seq)
       ORDER BY audit.at_ms DESC, audit.rowid DESC
       LIMIT $limit`,
      { at: before.atMs, seq: before.seq, limit },
    );
    return rows.map(toAuditPageEntry);
  }

  async lastSignIns(action: string): Promise<LastSignIn[]> {
    const rows = await this.rows('SELECT actor_id, max(at_ms) AS at_ms FROM account_audit WHERE action = $action AND actor_id IS NOT NULL GROUP BY actor_id ORDER BY actor_id', { action });
    return rows.map((row) => ({ userId: String(row.actor_id), atMs: Number(row.at_ms) }));
  }
}
