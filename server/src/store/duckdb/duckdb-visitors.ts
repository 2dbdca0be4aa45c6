/**
 * The site's visitor accounts, their sessions and "La meva llista", in their own DuckDB file: they
 * are the visitors' own data, kept apart from the console's staff accounts and from measurement.
 * Session secrets, confirmation and password-reset tokens are kept only as their SHA-256; passwords only as scrypt
 * hashes. An account signed up for is unconfirmed until the link mailed to its address is
 * followed (mail/confirmation-token.ts); accounts made before confirmation existed have no token
 * and count as confirmed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabaseOf, type OpenDatabase } from './duckdb-copy.js';
import type { DuckDBConnection } from '@duckdb/node-api';
import { memoryBudget } from '../../memory-budget.js';
import { migrateDuckDbFile } from './duckdb-schema-version.js';
import { VISITORS_FILE_MIGRATIONS } from './metadata-file-migrations.js';
import { openDuckDbFile } from './duckdb-file.js';
import { MAX_LIST_ITEMS, MAX_VISITOR_ACCOUNTS, type ListItemType, type VisitorAccount, type VisitorStore } from '../visitor-store.js';

export const VISITORS_DB_FILE_NAME = 'visitors.duckdb';

export async function openVisitorStore(dataDir: string, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<VisitorStore & OpenDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const instance = await openDuckDbFile(path.join(dataDir, VISITORS_DB_FILE_NAME), { threads: 1, memoryLimitMiB });
  const connection = await instance.connect();
  // A file of a newer release is refused before any table is made (duckdb-schema-version.ts).
  await migrateDuckDbFile(connection, { file: VISITORS_DB_FILE_NAME, migrations: VISITORS_FILE_MIGRATIONS, ensure: ensureVisitorTables });
  // One connection, one statement at a time: the bound checks and inserts must not interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: (c: DuckDBConnection) => Promise<T>): Promise<T> => {
    const next = queue.then(() => run(connection));
    queue = next.catch(() => undefined);
    return next;
  };
  const rows = async (c: DuckDBConnection, sql: string, values: Record<string, string> = {}) => (await c.runAndReadAll(sql, values)).getRowObjectsJson();
  const account = (row: Record<string, unknown> | undefined): VisitorAccount | undefined =>
    row && { id: String(row.id), email: String(row.email), name: String(row.name), passwordHash: String(row.password_hash), confirmed: row.confirm_token_hash === null };

  return {
    // Backups copy it through the instance (backup/duckdb-copy.ts).
    ...openDatabaseOf(instance, VISITORS_DB_FILE_NAME),
    signUp: (a, atMs) =>
      serial(async (c) => {
        await c.run('DELETE FROM visitor_accounts WHERE confirm_expires_ms < CAST($at AS BIGINT)', { at: String(atMs) });
        if (Number((await rows(c, 'SELECT count(*) AS n FROM visitor_accounts'))[0]?.n ?? 0) >= MAX_VISITOR_ACCOUNTS) return 'full';
        const known = (await rows(c, 'SELECT confirm_token_hash FROM visitor_accounts WHERE email = $email', { email: a.email }))[0];
        const values = { email: a.email, name: a.name, hash: a.passwordHash, token: a.confirmation.tokenHash, expires: String(a.confirmation.expiresAtMs) };
        if (known === undefined) {
          await c.run(
            `INSERT INTO visitor_accounts (id, email, name, password_hash, created_at, confirm_token_hash, confirm_expires_ms)
               VALUES ($id, $email, $name, $hash, make_timestamp_ms(CAST($at AS BIGINT)), $token, CAST($expires AS BIGINT))`,
            { ...values, id: a.id, at: String(atMs) },
          );
          return 'created';
        }
        if (known.confirm_token_hash === null) return 'exists';
        await c.run('UPDATE visitor_accounts SET name = $name, password_hash = $hash, confirm_token_hash = $token, confirm_expires_ms = CAST($expires AS BIGINT) WHERE email = $email', values);
        return 'renewed';
      }),
    confirm: (tokenHash, atMs) =>
      serial(async (c) => {
        const row = (await rows(c, 'SELECT id FROM visitor_accounts WHERE confirm_token_hash = $token AND confirm_expires_ms >= CAST($at AS BIGINT)', { token: tokenHash, at: String(atMs) }))[0];
        if (row === undefined) return undefined;
        await c.run('UPDATE visitor_accounts SET confirm_token_hash = NULL, confirm_expires_ms = NULL WHERE id = $id', { id: String(row.id) });
        return String(row.id);
      }),
    requestPasswordReset: (email, reset) =>
      serial(async (c) => {
        const row = (await rows(c, 'SELECT id FROM visitor_accounts WHERE email = $email AND confirm_token_hash IS NULL', { email }))[0];
        if (row === undefined) return undefined;
        await c.run('UPDATE visitor_accounts SET reset_token_hash = $token, reset_expires_ms = CAST($expires AS BIGINT) WHERE id = $id', {
          id: String(row.id),
          token: reset.tokenHash,
          expires: String(reset.expiresAtMs),
        });
        return String(row.id);
      }),
    resetPassword: (tokenHash, passwordHash, atMs) =>
      serial(async (c) => {
        const row = (await rows(c, 'SELECT id FROM visitor_accounts WHERE reset_token_hash = $token AND reset_expires_ms >= CAST($at AS BIGINT)', { token: tokenHash, at: String(atMs) }))[0];
        if (row === undefined) return undefined;
        const id = String(row.id);
        await c.run('BEGIN TRANSACTION');
        try {
          await c.run('UPDATE visitor_accounts SET password_hash = $hash, reset_token_hash = NULL, reset_expires_ms = NULL WHERE id = $id', { id, hash: passwordHash });
          await c.run('DELETE FROM visitor_sessions WHERE visitor_id = $id', { id });
          await c.run('COMMIT');
        } catch (error) {
          await c.run('ROLLBACK');
          throw error;
        }
        return id;
      }),
    byEmail: (email) => serial(async (c) => account((await rows(c, 'SELECT * FROM visitor_accounts WHERE email = $email', { email }))[0])),
    byId: (id) => serial(async (c) => account((await rows(c, 'SELECT * FROM visitor_accounts WHERE id = $id', { id }))[0])),
    startSession: (hash, visitorId, atMs) =>
      serial((c) => c.run('INSERT INTO visitor_sessions VALUES ($hash, $visitor, CAST($at AS BIGINT))', { hash, visitor: visitorId, at: String(atMs) }).then(() => undefined)),
    sessionVisitor: (hash, atMs, idleMs) =>
      serial(async (c) => {
        const row = (await rows(c, 'SELECT visitor_id, last_seen_ms FROM visitor_sessions WHERE secret_hash = $hash', { hash }))[0];
        if (row === undefined) return undefined;
        if (atMs - Number(row.last_seen_ms) > idleMs) {
          await c.run('DELETE FROM visitor_sessions WHERE secret_hash = $hash', { hash });
          return undefined;
        }
        await c.run('UPDATE visitor_sessions SET last_seen_ms = CAST($at AS BIGINT) WHERE secret_hash = $hash', { hash, at: String(atMs) });
        return String(row.visitor_id);
      }),
    endSession: (hash) => serial((c) => c.run('DELETE FROM visitor_sessions WHERE secret_hash = $hash', { hash }).then(() => undefined)),
    list: (visitorId) =>
      serial(async (c) =>
        (await rows(c, 'SELECT item_type, item_id, added_ms FROM visitor_list WHERE visitor_id = $visitor ORDER BY added_ms DESC', { visitor: visitorId })).map((r) => ({
          type: String(r.item_type) as ListItemType,
          id: String(r.item_id),
          addedAt: Number(r.added_ms),
        })),
      ),
    addToList: (visitorId, item) =>
      serial(async (c) => {
        const key = { visitor: visitorId, type: item.type, id: item.id };
        if ((await rows(c, 'SELECT 1 FROM visitor_list WHERE visitor_id = $visitor AND item_type = $type AND item_id = $id', key)).length > 0) return 'added';
        if (Number((await rows(c, 'SELECT count(*) AS n FROM visitor_list WHERE visitor_id = $visitor', { visitor: visitorId }))[0]?.n ?? 0) >= MAX_LIST_ITEMS) return 'full';
        await c.run('INSERT INTO visitor_list VALUES ($visitor, $type, $id, CAST($at AS BIGINT))', { ...key, at: String(item.addedAt) });
        return 'added';
      }),
    removeFromList: (visitorId, type, id) =>
      serial((c) => c.run('DELETE FROM visitor_list WHERE visitor_id = $visitor AND item_type = $type AND item_id = $id', { visitor: visitorId, type, id }).then(() => undefined)),
    close: () =>
      serial(async () => {
        connection.closeSync();
        instance.closeSync();
      }),
  };
}

/** Makes or completes the tables, as every start has (step 1 of VISITORS_FILE_MIGRATIONS). */
async function ensureVisitorTables(connection: DuckDBConnection): Promise<void> {
  await connection.run(
    `CREATE TABLE IF NOT EXISTS visitor_accounts (id VARCHAR PRIMARY KEY, email VARCHAR NOT NULL UNIQUE, name VARCHAR NOT NULL,
       password_hash VARCHAR NOT NULL, created_at TIMESTAMP_MS NOT NULL)`,
  );
  // Added after the first release: a folder's existing accounts get NULLs, that is, confirmed.
  await connection.run('ALTER TABLE visitor_accounts ADD COLUMN IF NOT EXISTS confirm_token_hash VARCHAR');
  await connection.run('ALTER TABLE visitor_accounts ADD COLUMN IF NOT EXISTS confirm_expires_ms BIGINT');
  // Added later still: NULLs, that is, no reset asked for.
  await connection.run('ALTER TABLE visitor_accounts ADD COLUMN IF NOT EXISTS reset_token_hash VARCHAR');
  await connection.run('ALTER TABLE visitor_accounts ADD COLUMN IF NOT EXISTS reset_expires_ms BIGINT');
  await connection.run('CREATE TABLE IF NOT EXISTS visitor_sessions (secret_hash VARCHAR PRIMARY KEY, visitor_id VARCHAR NOT NULL, last_seen_ms BIGINT NOT NULL)');
  await connection.run(
    `CREATE TABLE IF NOT EXISTS visitor_list (visitor_id VARCHAR NOT NULL, item_type VARCHAR NOT NULL, item_id VARCHAR NOT NULL,
       added_ms BIGINT NOT NULL, PRIMARY KEY (visitor_id, item_type, item_id))`,
  );
}
