/**
 * `kept_matches` and `kept_match_hits`: the hits of each saved goal's and funnel step's match
 * (queries/kept-hit-matches.ts), kept at load with their visit, so that a goal report or a funnel
 * reads the few rows of its match instead of picking them among every page view or link hit of
 * the range at each ask.
 *
 * A match is kept from the first time it is asked for (a goal or funnel saved, or asked): its rows
 * are then made from page_view_keys or link_hit_visits for every stored day, and each later load
 * appends its own: its page views that match (a page view's visit never changes once stored,
 * page-view-keys.ts), and its link hits whose row in link_hit_visits it wrote, a link hit a
 * continued visit took included (link-hit-visits.ts relinkLoadedHits), whose kept row is replaced.
 * The rows are those page_view_keys and link_hit_visits hold for the match, so every answer read
 * from them is the same.
 *
 * kept_match_hits is a report table (report-facts-schema.ts REPORT_FACT_TABLES): retention deletes
 * it by day, and a rebuild makes it again as its loads append, the matches kept in kept_matches,
 * which is not derived from the rows. An erasure deletes the visitor's rows (duckdb-store.ts). A
 * match no longer named (a goal changed) is still appended to: its rows are a load's few matching
 * ones.
 */
import type { KeptMatch, KeptMatchIds } from '../queries/kept-hit-matches.js';
import { sqlString } from '../sql-string.js';
import { LINK_HIT_VISITS_TABLE } from './link-hit-visits.js';
import { PAGE_URLS_TABLE, PAGE_VIEW_KEYS_TABLE } from './page-view-keys.js';
import type { SqlConnection } from './reads-first.js';

export const KEPT_MATCHES_TABLE = 'kept_matches';
export const KEPT_MATCH_HITS_TABLE = 'kept_match_hits';

export const CREATE_KEPT_MATCHES = `CREATE TABLE IF NOT EXISTS ${KEPT_MATCHES_TABLE} (
  match_id INTEGER PRIMARY KEY, match_key VARCHAR NOT NULL UNIQUE, hit_table VARCHAR NOT NULL, condition VARCHAR NOT NULL)`;

/** `event_key` is a link hit's, by which a relinked row is replaced; NULL for a page view's. */
export const CREATE_KEPT_MATCH_HITS = `CREATE TABLE IF NOT EXISTS ${KEPT_MATCH_HITS_TABLE} (
  match_id INTEGER NOT NULL, report_suite VARCHAR NOT NULL, day DATE NOT NULL, is_bot BOOLEAN NOT NULL,
  event_key UBIGINT, visitor_key UBIGINT NOT NULL, t BIGINT NOT NULL, visit_key UBIGINT)`;

/** An erasure's deletion, `$visitor` bound as queries/visitor-data.ts binds it. */
export const ERASE_KEPT_MATCH_HITS = `DELETE FROM ${KEPT_MATCH_HITS_TABLE} WHERE visitor_key = hash($visitor)`;

interface KeptRow {
  id: number;
  table: string;
  condition: string;
}

async function keptRows(connection: SqlConnection): Promise<KeptRow[]> {
  const rows = (await connection.runAndReadAll(`SELECT match_id, hit_table, condition FROM ${KEPT_MATCHES_TABLE} ORDER BY match_id`)).getRowObjectsJson();
  return rows.map((row) => ({ id: Number(row.match_id), table: String(row.hit_table), condition: String(row.condition) }));
}

/** A match's rows for every stored day: page views picked by their address key (page-view-keys.ts), link hits with their visit. */
function storedRowsSql(id: number, match: KeptMatch): string {
  return match.table === 'page'
    ? `SELECT ${id}, report_suite, day, is_bot, NULL, visitor_key, t, visit_key FROM ${PAGE_VIEW_KEYS_TABLE}
        WHERE url_key IN (SELECT url_key FROM ${PAGE_URLS_TABLE} WHERE ${match.condition}) ORDER BY t`
    : `SELECT ${id}, report_suite, day, is_bot, event_key, visitor_key, t, visit_key FROM ${LINK_HIT_VISITS_TABLE} WHERE ${match.condition} ORDER BY t`;
}

/**
 * Keeps every match of `matches` not kept yet, in one transaction, which no load may run beside
 * (duckdb-store.ts serializes them): a load committed between the rows' making and the match's
 * entry would otherwise append nothing for it. Answers every match's id.
 */
export async function keepHitMatches(connection: SqlConnection, matches: readonly KeptMatch[]): Promise<KeptMatchIds> {
  await connection.run('BEGIN TRANSACTION');
  try {
    const known = new Map(await keptMatchIds(connection));
    let next = (await keptRows(connection)).reduce((max, row) => Math.max(max, row.id), 0) + 1;
    for (const match of matches) {
      if (known.has(match.key)) continue;
      const id = next++;
      await connection.run(`INSERT INTO ${KEPT_MATCH_HITS_TABLE} ${storedRowsSql(id, match)}`);
      await connection.run(`INSERT INTO ${KEPT_MATCHES_TABLE} VALUES (${id}, ${sqlString(match.key, 'duckdb')}, ${sqlString(match.table, 'duckdb')}, ${sqlString(match.condition, 'duckdb')})`);
      known.set(match.key, id);
    }
    await connection.run('COMMIT');
    return known;
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
}

/** Every kept match's id by its key. */
export async function keptMatchIds(connection: SqlConnection): Promise<KeptMatchIds> {
  const rows = (await connection.runAndReadAll(`SELECT match_key, match_id FROM ${KEPT_MATCHES_TABLE}`)).getRowObjectsJson();
  return new Map(rows.map((row) => [String(row.match_key), Number(row.match_id)]));
}

/**
 * Inside a load, after its page views and link hits were stored and relinked (the temporary
 * segment_page_views of report-facts-load.ts; relinked_rows of link-hit-visits.ts when
 * `relinked`): appends each kept match's new rows, replacing those of its relinked link hits.
 * One statement per kind for every match together; nothing when no match is kept.
 */
export async function appendKeptMatchHits(connection: SqlConnection, loaded: { pageViews: boolean; relinked: boolean }): Promise<void> {
  const kept = await keptRows(connection);
  const pages = kept.filter((row) => row.table === 'page');
  const links = kept.filter((row) => row.table === 'link');
  if (loaded.pageViews && pages.length > 0) {
    const selects = pages.map((row) => `SELECT ${row.id}, report_suite, day, is_bot, NULL, visitor_key, epoch_ms(received_at), visit_key FROM segment_page_views WHERE ${row.condition}`);
    await connection.run(`INSERT INTO ${KEPT_MATCH_HITS_TABLE} ${selects.join(' UNION ALL ')}`);
  }
  if (loaded.relinked && links.length > 0) {
    await connection.run(`DELETE FROM ${KEPT_MATCH_HITS_TABLE} WHERE event_key IN (SELECT event_key FROM relinked_rows)`);
    const selects = links.map((row) => `SELECT ${row.id}, report_suite, day, is_bot, event_key, visitor_key, t, visit_key FROM relinked_rows WHERE ${row.condition}`);
    await connection.run(`INSERT INTO ${KEPT_MATCH_HITS_TABLE} ${selects.join(' UNION ALL ')}`);
  }
}

/**
 * The range's kept hits of match `id` as `visitor_key`, `t` and `visit_key`, the rows
 * page_view_keys or link_hit_visits would give for the match; `range` as report-table.ts IN_RANGE.
 */
export function keptHitsSql(id: number, range: string): string {
  return `SELECT visitor_key, t, visit_key FROM ${KEPT_MATCH_HITS_TABLE} WHERE match_id = ${Math.trunc(id)} AND ${range}`;
}
