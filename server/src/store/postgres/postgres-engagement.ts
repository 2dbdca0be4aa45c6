/**
 * The participation features' answers in PostgreSQL (the scaled-out twin of
 * engagement/engagement-store.ts): one poll answer per participant and one subscription per
 * address, whichever server behind the load balancer takes them. Each change checks its key and
 * its table's bound and inserts in one transaction, under a lock on the poll (or the newsletter),
 * so two servers never both store a participant's answer nor pass the bound together. A
 * confirmation takes its token in one statement, so a link followed twice at once confirms once.
 */
import { MAX_ANSWERS_PER_POLL, MAX_NEWSLETTER_SUBSCRIBERS, type EngagementStore, type StoreOutcome } from '../engagement-store.js';
import type { AddressSignUpOutcome } from '../address-sign-up.js';
import type { MetadataPool, Sql } from './postgres-pool.js';

/** Any fixed number naming the lock that serialises newsletter sign-ups. */
const NEWSLETTER_LOCK_KEY = 0x6e657773; // "news"

export interface EngagementBounds {
  /** Default MAX_ANSWERS_PER_POLL. */
  maxAnswersPerPoll: number;
  /** Default MAX_NEWSLETTER_SUBSCRIBERS. */
  maxSubscribers: number;
}

const BOUNDS: EngagementBounds = { maxAnswersPerPoll: MAX_ANSWERS_PER_POLL, maxSubscribers: MAX_NEWSLETTER_SUBSCRIBERS };

async function countOf(sql: Sql, text: string, values: readonly (string | number)[]): Promise<number> {
  return Number((await sql.query(text, values)).rows[0]?.n ?? 0);
}

export function postgresEngagementStore(pool: MetadataPool, bounds: EngagementBounds = BOUNDS): EngagementStore {
  return {
    answerPoll: ({ pollId, participantId, optionId, atMs }) =>
      pool.transaction(async (sql): Promise<StoreOutcome> => {
        await sql.query(`SELECT pg_advisory_xact_lock(hashtext('poll:' || $1))`, [pollId]);
        if ((await countOf(sql, 'SELECT count(*) AS n FROM poll_answers WHERE poll_id = $1 AND participant_id = $2', [pollId, participantId])) > 0) {
          return 'already';
        }
        if ((await countOf(sql, 'SELECT count(*) AS n FROM poll_answers WHERE poll_id = $1', [pollId])) >= bounds.maxAnswersPerPoll) return 'full';
        await sql.query('INSERT INTO poll_answers (poll_id, participant_id, option_id, answered_at_ms) VALUES ($1, $2, $3, $4)', [pollId, participantId, optionId, atMs]);
        return 'stored';
      }),
    async participantAnswer(pollId, participantId) {
      const { rows } = await pool.query('SELECT option_id FROM poll_answers WHERE poll_id = $1 AND participant_id = $2', [pollId, participantId]);
      return rows[0] === undefined ? undefined : String(rows[0].option_id);
    },
    async pollCounts(pollId) {
      const { rows } = await pool.query('SELECT option_id, count(*) AS n FROM poll_answers WHERE poll_id = $1 GROUP BY option_id', [pollId]);
      return Object.fromEntries(rows.map((row) => [String(row.option_id), Number(row.n)]));
    },
    subscribe: (email, { tokenHash, expiresAtMs }, atMs) =>
      pool.transaction(async (sql): Promise<AddressSignUpOutcome> => {
        await sql.query('SELECT pg_advisory_xact_lock($1)', [NEWSLETTER_LOCK_KEY]);
        await sql.query('DELETE FROM newsletter_subscribers WHERE confirm_expires_ms < $1', [atMs]);
        if ((await countOf(sql, 'SELECT count(*) AS n FROM newsletter_subscribers', [])) >= bounds.maxSubscribers) return 'full';
        const known = (await sql.query('SELECT confirm_token_hash FROM newsletter_subscribers WHERE email = $1', [email])).rows[0];
        if (known === undefined) {
          await sql.query('INSERT INTO newsletter_subscribers (email, subscribed_at_ms, confirm_token_hash, confirm_expires_ms) VALUES ($1, $2, $3, $4)', [email, atMs, tokenHash, expiresAtMs]);
          return 'created';
        }
        if (known.confirm_token_hash === null) return 'exists';
        await sql.query('UPDATE newsletter_subscribers SET confirm_token_hash = $2, confirm_expires_ms = $3 WHERE email = $1', [email, tokenHash, expiresAtMs]);
        return 'renewed';
      }),
    async confirmSubscription(tokenHash, atMs) {
      const { rowCount } = await pool.query('UPDATE newsletter_subscribers SET confirm_token_hash = NULL, confirm_expires_ms = NULL WHERE confirm_token_hash = $1 AND confirm_expires_ms >= $2', [
        tokenHash,
        atMs,
      ]);
      return rowCount > 0;
    },
    // The pool is the metadata's, closed with it.
    close: async () => undefined,
  };
}
