/**
 * The site's visitor accounts, their sessions and "La meva llista", in their own DuckDB file: they
 * are the visitors' own data, kept apart from the console's staff accounts and from measurement.
 * Session secrets are kept only as their SHA-256; passwords only as scrypt hashes.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { MAX_LIST_ITEMS, MAX_VISITOR_ACCOUNTS } from './visitor-limits.js';

export const VISITORS_DB_FILE_NAME = 'visitors.duckdb';

export type ListItemType = 'article' | 'episode' | 'programme';

export interface VisitorAccount {
  /** Public id: the data layer's idUsuari. */
  id: string;
  email: string;
  name: string;
  passwordHash: string;
}

export interface ListItem {
  type: ListItemType;
  id: string;
  addedAt: number;
}

export interface VisitorStore {
  /** 'exists' when the email has an account; 'full' at MAX_VISITOR_ACCOUNTS. */
  create(account: VisitorAccount, atMs: number): Promise<'created' | 'exists' | 'full'>;
  byEmail(email: string): Promise<VisitorAccount | undefined>;
  byId(id: string): Promise<VisitorAccount | undefined>;
  startSession(secretHash: string, visitorId: string, atMs: number): Promise<void>;
  /** The visitor of a live session, which this use keeps alive; undefined when gone or idle too long. */
  sessionVisitor(secretHash: string, atMs: number, idleMs: number): Promise<string | undefined>;
  endSession(secretHash: string): Promise<void>;
  list(visitorId: string): Promise<ListItem[]>;
  /** 'full' at MAX_LIST_ITEMS; adding an item already there changes nothing. */
  addToList(visitorId: string, item: ListItem): Promise<'added' | 'full'>;
  removeFromList(visitorId: string, type: ListItemType, id: string): Promise<void>;
  close(): Promise<void>;
}

export async function openVisitorStore(dataDir: string): Promise<VisitorStore> {
  mkdirSync(dataDir, { recursive: true });
  const instance = await DuckDBInstance.create(path.join(dataDir, VISITORS_DB_FILE_NAME), { threads: '1' });
  const connection = await instance.connect();
  await connection.run(
    `CREATE TABLE IF NOT EXISTS visitor_accounts (id VARCHAR PRIMARY KEY, email VARCHAR NOT NULL UNIQUE, name VARCHAR NOT NULL,
       password_hash VARCHAR NOT NULL, created_at TIMESTAMP_MS NOT NULL)`,
  );
  await connection.run('CREATE TABLE IF NOT EXISTS visitor_sessions (secret_hash VARCHAR PRIMARY KEY, visitor_id VARCHAR NOT NULL, last_seen_ms BIGINT NOT NULL)');
  await connection.run(
    `CREATE TABLE IF NOT EXISTS visitor_list (visitor_id VARCHAR NOT NULL, item_type VARCHAR NOT NULL, item_id VARCHAR NOT NULL,
       added_ms BIGINT NOT NULL, PRIMARY KEY (visitor_id, item_type, item_id))`,
  );
  // One connection, one statement at a time: the bound checks and inserts must not interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: (c: DuckDBConnection) => Promise<T>): Promise<T> => {
    const next = queue.then(() => run(connection));
    queue = next.catch(() => undefined);
    return next;
  };
  const rows = async (c: DuckDBConnection, sql: string, values: Record<string, string> = {}) => (await c.runAndReadAll(sql, values)).getRowObjectsJson();
  const account = (row: Record<string, unknown> | undefined): VisitorAccount | undefined =>
    row && { id: String(row.id), email: String(row.email), name: String(row.name), passwordHash: String(row.password_hash) };

  return {
    create: (a, atMs) =>
      serial(async (c) => {
        if ((await rows(c, 'SELECT 1 FROM visitor_accounts WHERE email = $email', { email: a.email })).length > 0) return 'exists';
        if (Number((await rows(c, 'SELECT count(*) AS n FROM visitor_accounts'))[0]?.n ?? 0) >= MAX_VISITOR_ACCOUNTS) return 'full';
        await c.run('INSERT INTO visitor_accounts VALUES ($id, $email, $name, $hash, make_timestamp_ms(CAST($at AS BIGINT)))', {
          id: a.id,
          email: a.email,
          name: a.name,
          hash: a.passwordHash,
          at: String(atMs),
        });
        return 'created';
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
