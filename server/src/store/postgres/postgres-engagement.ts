/**
 * The participation features' answers in PostgreSQL (the scaled-out twin of
 * engagement/engagement-store.ts): one poll answer per participant and one subscription per
 * address, whichever server behind the load balancer takes them. Each change checks its key and
 * its table's bound and inserts in one transaction, under a lock on the poll (or the newsletter),
 * so two servers never both store a participant's answer nor pass the bound together.
 */
import { MAX_ANSWERS_PER_POLL, MAX_NEWSLETTER_SUBSCRIBERS } from '../../engagement/engagement-limits.js';
import type { EngagementStore, StoreOutcome } from '../../engagement/engagement-store.js';
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

async function countOf(sql: Sql, text: string, values: readonly string[]): Promise<number> {
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
        await sql.query('INSERT INTO poll_answers (poll_id, participant_id, option_id, answered_at_ms) VALUES ($1, $2, $3, $4)', [
          pollId,
          participantId,
          optionId,
          atMs,
        ]);
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
    subscribe: (email, atMs) =>
      pool.transaction(async (sql): Promise<StoreOutcome> => {
        await sql.query('SELECT pg_advisory_xact_lock($1)', [NEWSLETTER_LOCK_KEY]);
        if ((await countOf(sql, 'SELECT count(*) AS n FROM newsletter_subscribers WHERE email = $1', [email])) > 0) return 'already';
        if ((await countOf(sql, 'SELECT count(*) AS n FROM newsletter_subscribers', [])) >= bounds.maxSubscribers) return 'full';
        await sql.query('INSERT INTO newsletter_subscribers (email, subscribed_at_ms) VALUES ($1, $2)', [email, atMs]);
        return 'stored';
      }),
    // The pool is the metadata's, closed with it.
    close: async () => undefined,
  };
}
