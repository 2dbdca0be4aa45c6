/**
 * The site's visitor accounts, their sessions and "La meva llista" in PostgreSQL (the scaled-out
 * twin of visitors/visitor-store.ts), so a visitor signed in through one node is signed in on all.
 * A sign-up and a list addition check their key and bound and insert in one transaction under a
 * lock, so servers taking requests at once never pass MAX_VISITOR_ACCOUNTS or MAX_LIST_ITEMS.
 * A confirmation takes its token in one statement, so a link followed twice at once confirms once.
 */
import type { AddressSignUpOutcome } from '../address-sign-up.js';
import { MAX_LIST_ITEMS, MAX_VISITOR_ACCOUNTS, type ListItemType, type VisitorAccount, type VisitorStore } from '../visitor-store.js';
import type { MetadataPool, PgRow } from './postgres-pool.js';

/** Any fixed number naming the lock that serialises sign-ups. */
const SIGN_UP_LOCK_KEY = 0x76697369; // "visi"

export interface VisitorBounds {
  /** Default MAX_VISITOR_ACCOUNTS. */
  maxAccounts: number;
  /** Default MAX_LIST_ITEMS. */
  maxListItems: number;
}

const BOUNDS: VisitorBounds = { maxAccounts: MAX_VISITOR_ACCOUNTS, maxListItems: MAX_LIST_ITEMS };

function account(row: PgRow | undefined): VisitorAccount | undefined {
  return row && { id: String(row.id), email: String(row.email), name: String(row.name), passwordHash: String(row.password_hash), confirmed: row.confirm_token_hash === null };
}

export function postgresVisitorStore(pool: MetadataPool, bounds: VisitorBounds = BOUNDS): VisitorStore {
  return {
    signUp: (a, atMs) =>
      pool.transaction(async (sql): Promise<AddressSignUpOutcome> => {
        await sql.query('SELECT pg_advisory_xact_lock($1)', [SIGN_UP_LOCK_KEY]);
        await sql.query('DELETE FROM visitor_accounts WHERE confirm_expires_ms < $1', [atMs]);
        if (Number((await sql.query('SELECT count(*) AS n FROM visitor_accounts')).rows[0]?.n ?? 0) >= bounds.maxAccounts) return 'full';
        const known = (await sql.query('SELECT confirm_token_hash FROM visitor_accounts WHERE email = $1', [a.email])).rows[0];
        const { tokenHash, expiresAtMs } = a.confirmation;
        if (known === undefined) {
          await sql.query(
            `INSERT INTO visitor_accounts (id, email, name, password_hash, created_at_ms, confirm_token_hash, confirm_expires_ms)
               VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [a.id, a.email, a.name, a.passwordHash, atMs, tokenHash, expiresAtMs],
          );
          return 'created';
        }
        if (known.confirm_token_hash === null) return 'exists';
        await sql.query('UPDATE visitor_accounts SET name = $2, password_hash = $3, confirm_token_hash = $4, confirm_expires_ms = $5 WHERE email = $1', [
          a.email,
          a.name,
          a.passwordHash,
          tokenHash,
          expiresAtMs,
        ]);
        return 'renewed';
      }),
    async confirm(tokenHash, atMs) {
      const { rows } = await pool.query('UPDATE visitor_accounts SET confirm_token_hash = NULL, confirm_expires_ms = NULL WHERE confirm_token_hash = $1 AND confirm_expires_ms >= $2 RETURNING id', [
        tokenHash,
        atMs,
      ]);
      return rows[0] === undefined ? undefined : String(rows[0].id);
    },
    async requestPasswordReset(email, reset) {
      const { rows } = await pool.query('UPDATE visitor_accounts SET reset_token_hash = $2, reset_expires_ms = $3 WHERE email = $1 AND confirm_token_hash IS NULL RETURNING id', [
        email,
        reset.tokenHash,
        reset.expiresAtMs,
      ]);
      return rows[0] === undefined ? undefined : String(rows[0].id);
    },
    resetPassword: (tokenHash, passwordHash, atMs) =>
      pool.transaction(async (sql) => {
        // One statement takes the token, so a link followed twice at once resets once.
        const { rows } = await sql.query(
          'UPDATE visitor_accounts SET password_hash = $3, reset_token_hash = NULL, reset_expires_ms = NULL WHERE reset_token_hash = $1 AND reset_expires_ms >= $2 RETURNING id',
          [tokenHash, atMs, passwordHash],
        );
        if (rows[0] === undefined) return undefined;
        await sql.query('DELETE FROM visitor_sessions WHERE visitor_id = $1', [String(rows[0].id)]);
        return String(rows[0].id);
      }),
    byEmail: async (email) => account((await pool.query('SELECT * FROM visitor_accounts WHERE email = $1', [email])).rows[0]),
    byId: async (id) => account((await pool.query('SELECT * FROM visitor_accounts WHERE id = $1', [id])).rows[0]),
    async startSession(hash, visitorId, atMs) {
      await pool.query('INSERT INTO visitor_sessions (secret_hash, visitor_id, last_seen_ms) VALUES ($1, $2, $3)', [hash, visitorId, atMs]);
    },
    async sessionVisitor(hash, atMs, idleMs) {
      // One statement keeps a live session alive; an idle one is ended by the next.
      const { rows } = await pool.query('UPDATE visitor_sessions SET last_seen_ms = $2 WHERE secret_hash = $1 AND $2 - last_seen_ms <= $3 RETURNING visitor_id', [hash, atMs, idleMs]);
      if (rows[0] !== undefined) return String(rows[0].visitor_id);
      await pool.query('DELETE FROM visitor_sessions WHERE secret_hash = $1', [hash]);
      return undefined;
    },
    async endSession(hash) {
      await pool.query('DELETE FROM visitor_sessions WHERE secret_hash = $1', [hash]);
    },
    async list(visitorId) {
      const { rows } = await pool.query('SELECT item_type, item_id, added_ms FROM visitor_list WHERE visitor_id = $1 ORDER BY added_ms DESC', [visitorId]);
      return rows.map((row) => ({ type: String(row.item_type) as ListItemType, id: String(row.item_id), addedAt: Number(row.added_ms) }));
    },
    addToList: (visitorId, item) =>
      pool.transaction(async (sql) => {
        await sql.query(`SELECT pg_advisory_xact_lock(hashtext('list:' || $1))`, [visitorId]);
        const there = await sql.query('SELECT 1 FROM visitor_list WHERE visitor_id = $1 AND item_type = $2 AND item_id = $3', [visitorId, item.type, item.id]);
        if (there.rowCount > 0) return 'added';
        if (Number((await sql.query('SELECT count(*) AS n FROM visitor_list WHERE visitor_id = $1', [visitorId])).rows[0]?.n ?? 0) >= bounds.maxListItems) return 'full';
        await sql.query('INSERT INTO visitor_list (visitor_id, item_type, item_id, added_ms) VALUES ($1, $2, $3, $4)', [visitorId, item.type, item.id, item.addedAt]);
        return 'added';
      }),
    async removeFromList(visitorId, type, id) {
      await pool.query('DELETE FROM visitor_list WHERE visitor_id = $1 AND item_type = $2 AND item_id = $3', [visitorId, type, id]);
    },
    // The pool is the metadata's, closed with it.
    close: async () => undefined,
  };
}
