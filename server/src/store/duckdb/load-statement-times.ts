/**
 * Times each statement of a segment load (DuckDbStore.storeBatch), for bench/load-statements.mjs
 * and docs/capacity.md: a load's cost is mostly a fixed cost per statement, so the figures that
 * say what to cut are per statement, not per row. Off unless a sink is given: the store then runs
 * its statements on the writer as they are.
 *
 * CPU is the process's (process.cpuUsage: every thread, DuckDB's included), so it is the
 * statement's only while nothing else runs in the process, as in the bench script.
 */
import type { SqlConnection } from './reads-first.js';

/** One statement of a load: a short label (its verb and table), wall time and process CPU. */
export interface StatementTime {
  label: string;
  wallMs: number;
  cpuMs: number;
}

/** One load's statements in the order they ran. */
export interface LoadStatementTimes {
  statements: StatementTime[];
}

/** Where a store hands each load's times once it committed. */
export type LoadTimesSink = (load: LoadStatementTimes) => void;

const VERBS = /^(CREATE OR REPLACE TEMP TABLE|CREATE TEMP TABLE|INSERT INTO|DELETE FROM|UPDATE|DROP TABLE IF EXISTS|DROP TABLE)\s+([\w.]+)/i;

/** The statement's verb and table when it names one, else its first words. */
export function statementLabel(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  const match = VERBS.exec(text);
  if (match) return `${(match[1] ?? '').toLowerCase().replace('create or replace temp table', 'create temp')} ${match[2]}`;
  return text.slice(0, 60);
}

/** `connection` with each statement's time appended to `into`. */
export function timedConnection(connection: SqlConnection, into: StatementTime[]): SqlConnection {
  const timed = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const startedMs = performance.now();
    const startedCpu = process.cpuUsage();
    try {
      return await run();
    } finally {
      const cpu = process.cpuUsage(startedCpu);
      into.push({ label: statementLabel(sql), wallMs: performance.now() - startedMs, cpuMs: (cpu.user + cpu.system) / 1000 });
    }
  };
  return {
    run: (...args) => timed(args[0], () => connection.run(...args)),
    runAndReadAll: (...args) => timed(args[0], () => connection.runAndReadAll(...args)),
  };
}
