import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  DuckDBDateValue,
  DuckDBInstance,
  DuckDBTimestampMillisecondsValue,
  type DuckDBAppender,
  type DuckDBConnection,
} from '@duckdb/node-api';
import type { HitRow } from './hit-row.js';
import { HIT_COLUMNS, variableColumns, type ColumnType, type HitColumn } from './hits-schema.js';
import type { ExportQuery, ExportedHit, PageViewQuery, PageViewReport, Store } from './store.js';
import { epochDays } from '../local-day.js';

export const DUCKDB_FILE_NAME = 'mesura.duckdb';

const SQL_TYPES: Record<ColumnType, string> = {
  text: 'VARCHAR',
  timestamp_ms: 'TIMESTAMP_MS',
  date: 'DATE',
  boolean: 'BOOLEAN',
  bigint: 'BIGINT',
};

const DIMENSION_SQL: Record<PageViewQuery['by'], string> = {
  day: "strftime(day, '%Y-%m-%d')",
  section: "coalesce(section, '')",
  pageName: "coalesce(page_name, '')",
};

/** The embedded default: one DuckDB file under the data folder. */
export async function openDuckDbStore(dataDir: string, variables: readonly string[]): Promise<Store> {
  mkdirSync(dataDir, { recursive: true });
  const instance = await DuckDBInstance.create(path.join(dataDir, DUCKDB_FILE_NAME));
  const writer = await instance.connect();
  const columns = [...HIT_COLUMNS, ...variableColumns(variables)];
  await ensureHitsTable(writer, columns);
  const tableOrder = await tableColumnOrder(writer);
  const byName = new Map(columns.map((c) => [c.name, c]));
  const writeOrder = tableOrder.map((name) => byName.get(name));
  return new DuckDbStore(instance, writer, writeOrder, columns);
}

async function ensureHitsTable(connection: DuckDBConnection, columns: readonly HitColumn[]): Promise<void> {
  const definitions = columns.map((c) => `${c.name} ${SQL_TYPES[c.type]}${c.nullable ? '' : ' NOT NULL'}`);
  await connection.run(`CREATE TABLE IF NOT EXISTS hits (${definitions.join(', ')})`);
  // Columns added to the variable map after the table was made are added, never dropped.
  for (const c of columns) {
    await connection.run(`ALTER TABLE hits ADD COLUMN IF NOT EXISTS ${c.name} ${SQL_TYPES[c.type]}`);
  }
}

async function tableColumnOrder(connection: DuckDBConnection): Promise<string[]> {
  const reader = await connection.runAndReadAll(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'hits' ORDER BY ordinal_position",
  );
  return reader.getRowObjectsJson().map((r) => String(r.column_name));
}

class DuckDbStore implements Store {
  private appender: DuckDBAppender | undefined;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    /** Our column for each table column, in table order; undefined for columns we no longer know. */
    private readonly writeOrder: readonly (HitColumn | undefined)[],
    private readonly columns: readonly HitColumn[],
  ) {}

  async appendHits(rows: readonly HitRow[]): Promise<void> {
    if (rows.length === 0) return;
    const appender = this.appender ?? (this.appender = await this.writer.createAppender('hits'));
    try {
      for (const row of rows) {
        for (const column of this.writeOrder) appendValue(appender, column, row);
        appender.endRow();
      }
      // The flush commits the rows in one transaction, and DuckDB syncs its write-ahead log on commit.
      appender.flushSync();
    } catch (error) {
      // A failed flush leaves the appender unusable; the next batch gets a fresh one.
      this.appender = undefined;
      try {
        appender.closeSync();
      } catch {
        // already broken
      }
      throw error;
    }
  }

  async pageViews(query: PageViewQuery): Promise<PageViewReport> {
    const where = `hit_type = 'page_view' AND report_suite = $suite
      AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND ($bots OR NOT is_bot)`;
    const values = { suite: query.reportSuite, from: query.from, to: query.to, bots: query.includeBots };
    const connection = await this.instance.connect();
    try {
      const grouped = await connection.runAndReadAll(
        `SELECT ${DIMENSION_SQL[query.by]} AS key, count(DISTINCT event_id) AS page_views,
           count(DISTINCT visitor_id) AS visitors
         FROM hits WHERE ${where}
         GROUP BY 1 ORDER BY ${query.by === 'day' ? 'key' : 'page_views DESC, key'}`,
        values,
      );
      const totals = await connection.runAndReadAll(
        `SELECT count(DISTINCT event_id) AS page_views, count(DISTINCT visitor_id) AS visitors FROM hits WHERE ${where}`,
        values,
      );
      const total = totals.getRowObjectsJson()[0];
      return {
        rows: grouped.getRowObjectsJson().map((r) => ({
          key: String(r.key),
          pageViews: Number(r.page_views),
          visitors: Number(r.visitors),
        })),
        totalPageViews: Number(total?.page_views ?? 0),
        totalVisitors: Number(total?.visitors ?? 0),
      };
    } finally {
      connection.closeSync();
    }
  }

  exportColumns(): readonly string[] {
    return this.columns.map((c) => c.name);
  }

  async *exportHits(query: ExportQuery): AsyncIterable<ExportedHit[]> {
    const select = this.columns.map((c) => exportExpression(c)).join(', ');
    const connection = await this.instance.connect();
    try {
      const result = await connection.stream(
        `SELECT ${select} FROM hits
         WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)
         QUALIFY row_number() OVER (PARTITION BY event_id, report_suite ORDER BY received_at) = 1
         ORDER BY received_at, rowid`,
        { suite: query.reportSuite, from: query.from, to: query.to },
      );
      for await (const rows of result.yieldRowObjectJson()) {
        yield rows as ExportedHit[];
      }
    } finally {
      connection.closeSync();
    }
  }

  async close(): Promise<void> {
    this.appender?.closeSync();
    this.appender = undefined;
    await this.writer.run('CHECKPOINT');
    this.writer.closeSync();
    this.instance.closeSync();
  }
}

function exportExpression(column: HitColumn): string {
  if (column.type === 'timestamp_ms') return `strftime(${column.name}, '%Y-%m-%dT%H:%M:%S.%gZ') AS ${column.name}`;
  if (column.type === 'date') return `strftime(${column.name}, '%Y-%m-%d') AS ${column.name}`;
  return column.name;
}

function appendValue(appender: DuckDBAppender, column: HitColumn | undefined, row: HitRow): void {
  const value = column?.value(row) ?? null;
  if (value === null || column === undefined) return appender.appendNull();
  switch (column.type) {
    case 'text':
      return appender.appendVarchar(String(value));
    case 'timestamp_ms':
      return appender.appendTimestampMilliseconds(new DuckDBTimestampMillisecondsValue(BigInt(value as number)));
    case 'date':
      return appender.appendDate(new DuckDBDateValue(epochDays(String(value))));
    case 'boolean':
      return appender.appendBoolean(Boolean(value));
    case 'bigint':
      return appender.appendBigInt(BigInt(value as number));
  }
}
