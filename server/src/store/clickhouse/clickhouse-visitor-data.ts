/**
 * Visitors' rights of access and erasure on ClickHouse (visitor-data-store.ts VisitorDataStore),
 * answering as the DuckDB store does (duckdb/duckdb-visitor-data.ts): the same rows per section,
 * the same columns and the same JSON values (DuckDB's text for times, 64-bit integers as text).
 * ClickHouse has no transaction: the erasure counts, then deletes table by table with DELETE
 * mutations and waits for each (mutations.ts); a failure midway leaves some tables erased, and
 * asking again finishes the work. The roll-ups lose the visitor too: the cells are made again
 * without them (rollup-cells.ts), their rows of the day roll-ups are deleted (day-rollups.ts,
 * day-rollup-build.ts eraseVisitorRows).
 */
import type { RightsRequest, VisitorDataSection, VisitorDataStore, VisitorRowCounts } from '../visitor-data-store.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import {
  SECTION_TABLES,
  VISITOR_TABLE_KEYS,
  VISITOR_TABLES,
  visitorBeforeWhere,
  visitorChunkSql,
  visitorCountsSql,
  visitorKeysSql,
  visitorRowsSql,
  visitorSessionsSql,
  visitorWhere,
  type VisitorKeys,
  type VisitorTable,
} from '../queries/visitor-data.js';
import type { EventTables } from './event-tables.js';
import type { EventColumn } from './event-table.js';
import { deleteWhere, type MutationClock, type MutationOptions } from './mutations.js';
import { CELLS_ROLLUPS } from './cells-rollups.js';
import { cellDaysOf, rebuildCellDays, type CellsRollup, type SuiteDay } from './rollup-cells.js';
import { recordRightsRequest, rightsRequests } from './rights-requests-table.js';
import { sqlIdentifier } from './sql-literal.js';
import { eraseVisitorRows } from './day-rollup-build.js';
import { DAY_ROLLUPS } from './day-rollups.js';

/** Rows read per statement while a section streams: the transport answers a statement whole. */
export const VISITOR_CHUNK_ROWS = 5_000;

export interface ClickHouseVisitorDataOptions {
  /** The caller's: this store never closes it. */
  transport: ClickHouseTransport;
  database: string;
  tables: EventTables;
  /** Default VISITOR_CHUNK_ROWS. */
  chunkRows?: number;
  /** The wait for mutations (tests drive it). */
  mutationClock?: MutationClock;
  mutationWaitMs?: number;
}

export class ClickHouseVisitorData implements VisitorDataStore {
  private readonly columns: Record<VisitorTable, readonly EventColumn[]>;
  private readonly mutations: MutationOptions;

  constructor(private readonly options: ClickHouseVisitorDataOptions) {
    const { hits, heartbeats, decisions } = options.tables;
    this.columns = { hits: hits.columns, heartbeats: heartbeats.columns, decision_events: decisions.columns };
    this.mutations = {
      transport: options.transport,
      database: options.database,
      ...(options.mutationClock && { clock: options.mutationClock }),
      ...(options.mutationWaitMs !== undefined && { waitMs: options.mutationWaitMs }),
    };
  }

  async visitorRowCounts(visitorId: string): Promise<VisitorRowCounts> {
    return this.counts(await this.keys(visitorId));
  }

  async *visitorRows(visitorId: string, section: VisitorDataSection): AsyncIterable<Record<string, unknown>[]> {
    const keys = await this.keys(visitorId);
    if (section === 'mediaSessions') {
      const sessions = await this.options.transport.query(visitorSessionsSql(this.options.database, keys));
      const chunkRows = this.options.chunkRows ?? VISITOR_CHUNK_ROWS;
      // A visitor's sessions are few (one per playback): read at once, written out in chunks.
      for (let i = 0; i < sessions.length; i += chunkRows) yield sessions.slice(i, i + chunkRows).map(sessionAsDuckDb);
      return;
    }
    yield* this.tableRows(SECTION_TABLES[section], keys);
  }

  /** Counts what it deletes (each row once), then deletes every copy from every table. */
  async eraseVisitor(visitorId: string): Promise<VisitorRowCounts> {
    const keys = await this.keys(visitorId);
    const counts = await this.counts(keys);
    const present: Record<VisitorTable, number> = { hits: counts.hits, heartbeats: counts.heartbeats, decision_events: counts.decisionEvents };
    const cellDays = present.hits > 0 ? await this.cellDays(visitorWhere('hits', keys)) : new Map();
    await this.rebuildCells(cellDays, visitorWhere('hits', keys));
    for (const table of VISITOR_TABLES) {
      // A mutation rewrites every part it matches: none is sent for a table without the visitor.
      if (present[table] > 0) await deleteWhere(this.mutations, table, visitorWhere(table, keys));
    }
    await this.rebuildCells(cellDays);
    // After the events: a roll-up job running meanwhile cannot cut the visitor's visits or sessions again.
    for (const rollup of DAY_ROLLUPS) await eraseVisitorRows(this.mutations, rollup, keys);
    return counts;
  }

  /**
   * Applies erasures again to the rows received before each: an event a collector acknowledged
   * before an erasure but drained into ClickHouse after it (a collector behind, or down) must not
   * stay. Rows received after an erasure are new data and stay. Answers the rows deleted.
   */
  async eraseAgain(erasures: readonly { visitorId: string; atMs: number }[]): Promise<number> {
    const erased: { keys: VisitorKeys; atMs: number }[] = [];
    for (const erasure of erasures) erased.push({ keys: await this.keys(erasure.visitorId), atMs: erasure.atMs });
    if (erased.length === 0) return 0;
    let deleted = 0;
    for (const table of VISITOR_TABLES) {
      const where = erased.map(({ keys, atMs }) => `(${visitorBeforeWhere(table, keys, atMs)})`).join(' OR ');
      const [row] = await this.options.transport.query<{ n: string }>(`SELECT count() AS n FROM ${sqlIdentifier(this.options.database)}.${sqlIdentifier(table)} WHERE ${where}`);
      const rows = Number(row?.n ?? 0);
      const cellDays = table === 'hits' && rows > 0 ? await this.cellDays(where) : new Map();
      await this.rebuildCells(cellDays, where);
      if (rows > 0) await deleteWhere(this.mutations, table, where);
      await this.rebuildCells(cellDays);
      deleted += rows;
    }
    for (const { keys, atMs } of erased) {
      for (const rollup of DAY_ROLLUPS) await eraseVisitorRows(this.mutations, rollup, keys, atMs);
    }
    return deleted;
  }

  /** The days of each roll-up's cells (rollup-cells.ts) holding hits about to be erased: their states cannot take a visitor out, so they are made again. */
  private async cellDays(hitsWhere: string): Promise<Map<CellsRollup, SuiteDay[]>> {
    const days = new Map<CellsRollup, SuiteDay[]>();
    for (const rollup of CELLS_ROLLUPS) days.set(rollup, await cellDaysOf(this.options.transport, this.options.database, rollup, hitsWhere));
    return days;
  }

  /**
   * Makes those days' cells again from the hits: first without the hits being erased (`except`),
   * before they go, so that once the hits are gone the cells never hold them, even when the
   * erasure stops midway (a retry finds the hits and does it all again); then again after, with
   * whatever a collector inserted meanwhile.
   */
  private async rebuildCells(days: Map<CellsRollup, SuiteDay[]>, except?: string): Promise<void> {
    for (const [rollup, rollupDays] of days) await rebuildCellDays(this.mutations, rollup, rollupDays, except);
  }

  recordRightsRequest(request: RightsRequest): Promise<void> {
    return recordRightsRequest(this.options.transport, this.options.database, request);
  }

  rightsRequests(limit: number): Promise<RightsRequest[]> {
    return rightsRequests(this.options.transport, this.options.database, limit);
  }

  private async keys(visitorId: string): Promise<VisitorKeys> {
    const rows = await this.options.transport.query<{ kind: string; key: string }>(visitorKeysSql(this.options.database, visitorId));
    return {
      visitorId,
      sessions: rows.filter((row) => row.kind === 's').map((row) => row.key),
      deviceKeys: rows.filter((row) => row.kind === 'd').map((row) => row.key),
    };
  }

  private async counts(keys: VisitorKeys): Promise<VisitorRowCounts> {
    const [row] = await this.options.transport.query<Record<string, string>>(visitorCountsSql(this.options.database, keys));
    return {
      hits: Number(row?.hits ?? 0),
      heartbeats: Number(row?.heartbeats ?? 0),
      mediaSessions: Number(row?.media_sessions ?? 0),
      decisionEvents: Number(row?.decision_events ?? 0),
    };
  }

  /** A table's rows of the visitor in chunks, each after the last row of the one before. */
  private async *tableRows(table: VisitorTable, keys: VisitorKeys): AsyncIterable<Record<string, unknown>[]> {
    const columns = this.columns[table];
    const rows = visitorRowsSql(
      this.options.database,
      table,
      keys,
      columns.map((column) => column.name),
    );
    const chunkRows = this.options.chunkRows ?? VISITOR_CHUNK_ROWS;
    const { time, id } = VISITOR_TABLE_KEYS[table];
    let after: string[] | undefined;
    for (;;) {
      const chunk = await this.options.transport.query<Record<string, unknown>>(visitorChunkSql(rows, table, after, chunkRows));
      if (chunk.length > 0) yield chunk.map((row) => rowAsDuckDb(columns, row));
      if (chunk.length < chunkRows) return;
      const last = chunk[chunk.length - 1]!;
      after = [time, ...id].map((column) => String(last[column]));
    }
  }
}

/** A row as DuckDB's JSON rows show it: times as DuckDB's text, booleans as booleans, BIGINT as text. */
function rowAsDuckDb(columns: readonly EventColumn[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) {
    const value = row[column.name];
    if (value === null || value === undefined) out[column.name] = null;
    else if (column.type === 'timestamp_ms') out[column.name] = duckDbTimestampText(Number(value));
    else if (column.type === 'boolean') out[column.name] = Number(value) === 1;
    else if (column.type === 'bigint') out[column.name] = String(value);
    else out[column.name] = value;
  }
  return out;
}

function sessionAsDuckDb(row: Record<string, unknown>): Record<string, unknown> {
  return {
    ...row,
    first_heartbeat_at: duckDbTimestampText(Number(row.first_heartbeat_at)),
    last_heartbeat_at: duckDbTimestampText(Number(row.last_heartbeat_at)),
    heartbeats: Number(row.heartbeats),
  };
}

/** How DuckDB writes a TIMESTAMP_MS: `2026-01-01 11:00:00.12`, the fraction without trailing zeros, none when whole. */
export function duckDbTimestampText(epochMs: number): string {
  const iso = new Date(epochMs).toISOString(); // 2026-01-01T11:00:00.120Z
  return iso.slice(0, 19).replace('T', ' ') + iso.slice(19, 23).replace(/\.?0+$/, '');
}
