/**
 * How reports read the analytics store: one query, written once per engine, side by side in its
 * own file (`server/src/store/queries/*.ts`), and one place that picks the engine's text
 * (`read`). Values travel as bound parameters (`$name`), never inside the SQL text.
 */

export type SqlValue = string | number | boolean | null;

/** One report query in each engine's dialect. An engine without its variant cannot run it. */
export interface EngineQuery {
  /** Named for errors and logs. */
  name: string;
  duckdb: string;
  clickhouse?: string;
}

/** A result row as JSON: numbers of 64-bit columns may come as strings; `numberOf` reads both. */
export type ResultRow = Record<string, unknown>;

/**
 * A query without a text for the engine that was asked to run it: that report is not built on this
 * engine yet. Its code is the catalogue's MESURA_ERR_NOT_ON_ENGINE (http/errors.ts), answered 501.
 */
export class QueryNotOnEngineError extends Error {
  readonly code = 'MESURA_ERR_NOT_ON_ENGINE';
  constructor(queryName: string, engine: string) {
    super(`'${queryName}' is not available on ${engine} yet; read this report on a server with the embedded store`);
  }
}

export interface AnalyticsReader {
  read(query: EngineQuery, values: Readonly<Record<string, SqlValue>>): Promise<ResultRow[]>;
}

/** A count or sum read from a result row: 64-bit integers arrive as strings, nulls stay null. */
export function numberOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
