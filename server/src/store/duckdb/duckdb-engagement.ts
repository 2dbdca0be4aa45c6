/**
 * Where the participation features keep what visitors give them: poll answers and newsletter
 * addresses. Its own DuckDB file beside the measurement store, because these are not measurement
 * data (no retention job, no export) and must not mix with hits. A newsletter address is kept
 * unconfirmed until the link mailed to it is followed (mail/confirmation-token.ts); addresses kept
 * before confirmation existed have no token and count as confirmed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabaseOf, type OpenDatabase } from './duckdb-copy.js';
import type { DuckDBConnection } from '@duckdb/node-api';
import { memoryBudget } from '../../memory-budget.js';
import { migrateDuckDbFile } from './duckdb-schema-version.js';
import { ENGAGEMENT_FILE_MIGRATIONS } from './metadata-file-migrations.js';
import { openDuckDbFile } from './duckdb-file.js';
import { MAX_ANSWERS_PER_POLL, MAX_NEWSLETTER_SUBSCRIBERS, type EngagementStore } from '../engagement-store.js';

export const ENGAGEMENT_DB_FILE_NAME = 'engagement.duckdb';

export async function openEngagementStore(dataDir: string, memoryLimitMiB = memoryBudget().sideStoreMiB): Promise<EngagementStore & OpenDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const instance = await openDuckDbFile(path.join(dataDir, ENGAGEMENT_DB_FILE_NAME), { threads: 1, memoryLimitMiB });
  const connection = await instance.connect();
  // A file of a newer release is refused before any table is made (duckdb-schema-version.ts).
  await migrateDuckDbFile(connection, { file: ENGAGEMENT_DB_FILE_NAME, migrations: ENGAGEMENT_FILE_MIGRATIONS, ensure: ensureEngagementTables });
  // One connection, one statement at a time: the bound checks and inserts must not interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: (c: DuckDBConnection) => Promise<T>): Promise<T> => {
    const next = queue.then(() => run(connection));
    queue = next.catch(() => undefined);
    return next;
  };
  const count = async (c: DuckDBConnection, sql: string, values: Record<string, string>) => Number((await c.runAndReadAll(sql, values)).getRowObjectsJson()[0]?.n ?? 0);

  return {
    // Backups copy it through the instance (backup/duckdb-copy.ts).
    ...openDatabaseOf(instance, ENGAGEMENT_DB_FILE_NAME),
    answerPoll: ({ pollId, participantId, optionId, atMs }) =>
      serial(async (c) => {
        const key = { poll: pollId, participant: participantId };
        if ((await count(c, 'SELECT count(*) AS n FROM poll_answers WHERE poll_id = $poll AND participant_id = $participant', key)) > 0) return 'already';
        if ((await count(c, 'SELECT count(*) AS n FROM poll_answers WHERE poll_id = $poll', { poll: pollId })) >= MAX_ANSWERS_PER_POLL) return 'full';
        await c.run('INSERT INTO poll_answers VALUES ($poll, $participant, $option, make_timestamp_ms(CAST($at AS BIGINT)))', {
          ...key,
          option: optionId,
          at: String(atMs),
        });
        return 'stored';
      }),
    participantAnswer: (pollId, participantId) =>
      serial(async (c) => {
        const rows = (
          await c.runAndReadAll('SELECT option_id FROM poll_answers WHERE poll_id = $poll AND participant_id = $participant', {
            poll: pollId,
            participant: participantId,
          })
        ).getRowObjectsJson();
        return rows[0] === undefined ? undefined : String(rows[0].option_id);
      }),
    pollCounts: (pollId) =>
      serial(async (c) => {
        const rows = (await c.runAndReadAll('SELECT option_id, count(*) AS n FROM poll_answers WHERE poll_id = $poll GROUP BY option_id', { poll: pollId })).getRowObjectsJson();
        return Object.fromEntries(rows.map((r) => [String(r.option_id), Number(r.n)]));
      }),
    subscribe: (email, { tokenHash, expiresAtMs }, atMs) =>
      serial(async (c) => {
        await c.run('DELETE FROM newsletter_subscribers WHERE confirm_expires_ms < CAST($at AS BIGINT)', { at: String(atMs) });
        if ((await count(c, 'SELECT count(*) AS n FROM newsletter_subscribers', {})) >= MAX_NEWSLETTER_SUBSCRIBERS) return 'full';
        const known = (await c.runAndReadAll('SELECT confirm_token_hash FROM newsletter_subscribers WHERE email = $email', { email })).getRowObjectsJson()[0];
        const values = { email, token: tokenHash, expires: String(expiresAtMs) };
        if (known === undefined) {
          await c.run(
            `INSERT INTO newsletter_subscribers (email, subscribed_at, confirm_token_hash, confirm_expires_ms)
               VALUES ($email, make_timestamp_ms(CAST($at AS BIGINT)), $token, CAST($expires AS BIGINT))`,
            { ...values, at: String(atMs) },
          );
          return 'created';
        }
        if (known.confirm_token_hash === null) return 'exists';
        await c.run('UPDATE newsletter_subscribers SET confirm_token_hash = $token, confirm_expires_ms = CAST($expires AS BIGINT) WHERE email = $email', values);
        return 'renewed';
      }),
    confirmSubscription: (tokenHash, atMs) =>
      serial(async (c) => {
        const key = { token: tokenHash, at: String(atMs) };
        if ((await count(c, 'SELECT count(*) AS n FROM newsletter_subscribers WHERE confirm_token_hash = $token AND confirm_expires_ms >= CAST($at AS BIGINT)', key)) === 0) {
          return false;
        }
        await c.run('UPDATE newsletter_subscribers SET confirm_token_hash = NULL, confirm_expires_ms = NULL WHERE confirm_token_hash = $token', { token: tokenHash });
        return true;
      }),
    close: async () => {
      await queue;
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** Makes or completes the tables, as every start has (step 1 of ENGAGEMENT_FILE_MIGRATIONS). */
async function ensureEngagementTables(connection: DuckDBConnection): Promise<void> {
  await connection.run(
    `CREATE TABLE IF NOT EXISTS poll_answers (poll_id VARCHAR NOT NULL, participant_id VARCHAR NOT NULL,
       option_id VARCHAR NOT NULL, answered_at TIMESTAMP_MS NOT NULL, PRIMARY KEY (poll_id, participant_id))`,
  );
  await connection.run('CREATE TABLE IF NOT EXISTS newsletter_subscribers (email VARCHAR PRIMARY KEY, subscribed_at TIMESTAMP_MS NOT NULL)');
  // Added after the first release: a folder's existing addresses get NULLs, that is, confirmed.
  await connection.run('ALTER TABLE newsletter_subscribers ADD COLUMN IF NOT EXISTS confirm_token_hash VARCHAR');
  await connection.run('ALTER TABLE newsletter_subscribers ADD COLUMN IF NOT EXISTS confirm_expires_ms BIGINT');
}
