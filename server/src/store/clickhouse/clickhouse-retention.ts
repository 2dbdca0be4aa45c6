/**
 * Retention on ClickHouse (retention-store.ts RetentionStore), deleting what duckdb/retention-sql.ts
 * deletes: hits and heartbeats of days before the cutoff day, decision events before the cutoff
 * instant; and keeping what it keeps: the page views of those days, without identifiers, in
 * `page_views_daily` (page-views-daily-table.ts), rolled up before their hits go (the roll-up and
 * the conditions of what goes: queries/retention.ts, beside DuckDB's statements). The roll-ups
 * (the cells materialized views keep, rollup-cells.ts; the visits and media sessions of closed
 * days, day-rollups.ts) lose their old days too; the other report rows are computed from the raw ones.
 *
 * A month whose every row is past retention is dropped whole (`DROP PARTITION`: no rewrite); the
 * rest goes by a DELETE mutation, waited for (mutations.ts). The tables are partitioned by month
 * (hits and heartbeats by `day`, decision events by the UTC month of `decided_at`).
 */
import type { RetentionCutoff, RetentionResult, RetentionStore } from '../retention-store.js';
import type { ClickHouseTransport } from './clickhouse-transport.js';
import type { EventTable } from './event-table.js';
import type { EventTables } from './event-tables.js';
import { deleteWhere, dropMonth, expireDaysBefore, waitForMutations, type MutationClock, type MutationOptions } from './mutations.js';
import { CELLS_ROLLUPS } from './cells-rollups.js';
import { beforeDayWhere, decisionsBeforeWhere, expiredHitsWhere, PAGE_VIEWS_DAILY_TABLE, rollUpPageViewsSql } from '../queries/retention.js';
import { sqlIdentifier } from './sql-literal.js';
import { DAY_ROLLUPS } from './day-rollups.js';

export interface ClickHouseRetentionOptions {
  /** The caller's: this store never closes it. */
  transport: ClickHouseTransport;
  database: string;
  tables: EventTables;
  mutationClock?: MutationClock;
  mutationWaitMs?: number;
}

/** One table's expired rows: the condition, every row before the cutoff, and the cutoff's month (YYYYMM). */
interface Expiry {
  table: EventTable;
  before: string;
  expired: string;
  cutoffMonth: number;
}

export class ClickHouseRetention implements RetentionStore {
  private readonly mutations: MutationOptions;

  constructor(private readonly options: ClickHouseRetentionOptions) {
    this.mutations = {
      transport: options.transport,
      database: options.database,
      ...(options.mutationClock && { clock: options.mutationClock }),
      ...(options.mutationWaitMs !== undefined && { waitMs: options.mutationWaitMs }),
    };
  }

  async deleteBefore(cutoff: RetentionCutoff): Promise<RetentionResult> {
    const { database, tables } = this.options;
    const { hits, heartbeats, decisions } = tables;
    // A run stopped midway may have left a mutation going: what it deletes is not counted twice.
    for (const table of [hits, heartbeats, decisions]) await waitForMutations(this.mutations, table.name);
    const dayMonth = monthOf(cutoff.day);
    const beforeDay = beforeDayWhere(cutoff.day);
    const pageViewAggregates = await this.rollUp(cutoff.day);
    // The cells ClickHouse keeps (rollup-cells.ts) and the day roll-ups the API nodes keep (day-rollups.ts) of those days go with their events.
    const rollups = [...CELLS_ROLLUPS.map((rollup) => rollup.table), ...DAY_ROLLUPS.flatMap((rollup) => [rollup.table, rollup.daysTable])];
    for (const table of rollups) await expireDaysBefore(this.mutations, table, cutoff.day);
    return {
      pageViewAggregates,
      hits: await this.expire({ table: hits, before: beforeDay, expired: expiredHitsWhere(database, cutoff.day), cutoffMonth: dayMonth }),
      heartbeats: await this.expire({ table: heartbeats, before: beforeDay, expired: beforeDay, cutoffMonth: dayMonth }),
      decisionEvents: await this.expire({
        table: decisions,
        before: decisionsBeforeWhere(cutoff.atMs),
        expired: decisionsBeforeWhere(cutoff.atMs),
        cutoffMonth: monthOf(new Date(cutoff.atMs).toISOString().slice(0, 10)),
      }),
      // No report tables here: the reports compute their rows from the raw ones (report-facts-sql.ts);
      // the roll-ups' rows are not counted (the cells' number depends on ClickHouse's merges).
      reportRows: 0,
    };
  }

  /** Rows the roll-up added to page_views_daily (this is the only process that writes there). */
  private async rollUp(cutoffDay: string): Promise<number> {
    const rows = async () => {
      const [row] = await this.options.transport.query<{ n: string }>(`SELECT count() AS n FROM ${sqlIdentifier(this.options.database)}.${PAGE_VIEWS_DAILY_TABLE}`);
      return Number(row?.n ?? 0);
    };
    const before = await rows();
    await this.options.transport.command(rollUpPageViewsSql(this.options.database, cutoffDay));
    return (await rows()) - before;
  }

  /** Drops the months wholly expired, deletes the other expired rows; answers how many rows went. */
  private async expire({ table, before, expired, cutoffMonth }: Expiry): Promise<number> {
    const name = `${sqlIdentifier(this.options.database)}.${sqlIdentifier(table.name)}`;
    const months = await this.options.transport.query<{ month: number; expired: string; kept: string }>(
      `SELECT ${table.partitionBy} AS month, countIf(${expired}) AS expired, countIf(NOT (${expired})) AS kept
       FROM ${name} WHERE ${before} GROUP BY month`,
    );
    let deleted = 0;
    let left = 0;
    for (const month of months) {
      deleted += Number(month.expired);
      // A month before the cutoff's holds only rows before the cutoff: whole, when none of them is kept.
      if (Number(month.month) < cutoffMonth && Number(month.kept) === 0) {
        await dropMonth(this.options, table.name, Number(month.month));
      } else if (Number(month.expired) > 0) {
        left += Number(month.expired);
      }
    }
    if (left > 0) await deleteWhere(this.mutations, table.name, expired);
    return deleted;
  }
}

/** YYYYMM of a YYYY-MM-DD day, as toYYYYMM writes a partition. */
function monthOf(day: string): number {
  return Number(day.slice(0, 4)) * 100 + Number(day.slice(5, 7));
}
