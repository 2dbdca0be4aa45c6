/**
 * The hits of a saved goal or funnel step kept at load on DuckDB (duckdb/kept-hit-matches.ts):
 * what the reports ask of the store, and how they name a match. A match is kept by its DuckDB
 * condition text (hit-match.ts `where`), so that a goal and a funnel step naming the same hits
 * share their rows, and a goal whose definition changes names another match: the new one is made
 * for the stored days when first kept, the old one's rows no longer read.
 *
 * Only matches read from one table without another's columns are kept: the page views of an
 * address or pattern, and the link hits of a call or a plain media start (what hitsSql reads
 * from page_view_keys and link_hit_visits). A media completion or stream, qualified by its
 * session's heartbeats, and a search are read as before.
 */
import type { AnalyticsReader, EngineQuery, ResultRow, SqlValue } from '../analytics-reader.js';

/**
 * What a match (hit-match.ts HitMatch) says of itself that keeping it reads; named here rather
 * than imported, as hit-match.ts reads this file.
 */
interface MatchText {
  table: 'page' | 'link' | 'search';
  source?: unknown;
  where: (dialect: 'duckdb') => string;
}

/** A match as the store keeps it: its key, the table its hits are in, and its DuckDB condition. */
export interface KeptMatch {
  key: string;
  table: 'page' | 'link';
  condition: string;
}

/** The kept matches' ids by key (KeptMatch.key); empty where nothing is kept (ClickHouse). */
export type KeptMatchIds = ReadonlyMap<string, number>;

export const NO_KEPT_MATCHES: KeptMatchIds = new Map();

/** What an events store that keeps matches offers (the DuckDB store). */
export interface HitMatchKeeper {
  /** Keeps each match, making its rows for the stored days when it is new; answers every match's id. */
  keepHitMatches(matches: readonly KeptMatch[]): Promise<KeptMatchIds>;
}

/** `match` as a kept match, or undefined when it is not kept (see the file's comment). */
export function keptMatchOf(match: MatchText): KeptMatch | undefined {
  if (match.source !== undefined || match.table === 'search') return undefined;
  const condition = match.where('duckdb');
  // NO_HITS: a step nothing reaches needs no rows.
  if (condition === '1 = 0') return undefined;
  return { key: `${match.table}: ${condition}`, table: match.table, condition };
}

/** The id `match` is kept under, if it is. */
export function keptMatchId(match: MatchText, ids: KeptMatchIds): number | undefined {
  const kept = keptMatchOf(match);
  return kept === undefined ? undefined : ids.get(kept.key);
}

/** The reader as a keeper, when its store keeps matches. */
function keeperOf(reader: AnalyticsReader): HitMatchKeeper | undefined {
  const keeper = reader as Partial<HitMatchKeeper>;
  return typeof keeper.keepHitMatches === 'function' ? (keeper as HitMatchKeeper) : undefined;
}

/** Keeps the matches that can be (none on ClickHouse, which reads at each ask); answers their ids. */
export async function keepMatches(reader: AnalyticsReader, matches: readonly MatchText[]): Promise<KeptMatchIds> {
  const keeper = keeperOf(reader);
  const kept = matches.map(keptMatchOf).filter((match) => match !== undefined);
  if (keeper === undefined || kept.length === 0) return NO_KEPT_MATCHES;
  return keeper.keepHitMatches(kept);
}

/**
 * A reader that reads through `read` and keeps matches as `reader` does: a segmented report's
 * reader (reports/report-segment.ts), so that its goals and funnels still read their kept hits.
 */
export function readingThrough(reader: AnalyticsReader, read: (query: EngineQuery, values: Readonly<Record<string, SqlValue>>) => Promise<ResultRow[]>): AnalyticsReader {
  const keeper = keeperOf(reader);
  if (keeper === undefined) return { read };
  const keeping: AnalyticsReader & HitMatchKeeper = { read, keepHitMatches: (matches) => keeper.keepHitMatches(matches) };
  return keeping;
}
