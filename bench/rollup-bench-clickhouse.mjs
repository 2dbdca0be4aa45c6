// What the day roll-up benchmarks share (bench/visit-rollup.mjs, bench/session-rollup.mjs): a fresh
// Debian ClickHouse on loopback under a temporary folder, its schema, a hard time limit, and the
// median of a few timed rounds of a statement (or the one-line error it failed with).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClickHouseTransport, ensureSchema, eventTables, parseClickHouseUrl } from '@mesura/server/tooling';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { clickHouseService, freePort } from '../scripts/cluster/cluster-processes.mjs';

export const BENCH_DATABASE = 'bench';
export const ROUNDS = 3;
export const DAY_MS = 86_400_000;
const HARD_LIMIT_MS = 30 * 60 * 1000;
/** A generated day's statements and the builds may take minutes on a loaded machine. */
const REQUEST_TIMEOUT_MS = 10 * 60_000;

/** YYYY-MM-DD `days` after `day`. */
export const dayAfter = (day, days) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Starts ClickHouse, makes the schema, runs `body(transport)` with a transport whose default
 * database is the bench's, and stops and removes everything after, whatever happens.
 */
export async function withBenchClickHouse(name, body) {
  const dir = mkdtempSync(path.join(tmpdir(), `mesura-bench-${name}-`));
  const clickHouse = clickHouseService(path.join(dir, 'clickhouse'), { httpPort: await freePort(), tcpPort: await freePort(), database: BENCH_DATABASE });
  const limit = setTimeout(() => {
    console.error(`${name} bench: over ${HARD_LIMIT_MS / 60_000} min, stopping`);
    clickHouse.stopNow();
    process.exit(1);
  }, HARD_LIMIT_MS);
  limit.unref();
  try {
    await clickHouse.start();
    const location = parseClickHouseUrl(clickHouse.url);
    const server = createClickHouseTransport({ ...location, database: 'default' });
    await ensureSchema(server, BENCH_DATABASE, eventTables({ variables: variableNames(SITE_VARIABLE_MAP) }));
    await server.close();
    const transport = createClickHouseTransport(location, { database: BENCH_DATABASE, requestTimeoutMs: REQUEST_TIMEOUT_MS });
    try {
      await body(transport);
    } finally {
      await transport.close();
    }
  } finally {
    await clickHouse.stop();
    rmSync(dir, { recursive: true, force: true });
    clearTimeout(limit);
  }
}

/** The median of ROUNDS runs of `run` in ms, or `failed: <first line>` (a memory limit). */
export async function medianMs(run) {
  const runs = [];
  try {
    for (let i = 0; i < ROUNDS; i += 1) {
      const started = performance.now();
      await run();
      runs.push(performance.now() - started);
    }
  } catch (error) {
    return `failed: ${String(error.message).slice(0, 120)}`;
  }
  return [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)];
}

/** A time as printed, and the ratio of two when both are times. */
export const shown = (time) => (typeof time === 'number' ? `${time.toFixed(0)} ms` : time);
export const ratio = (baseline, measured) => (typeof baseline === 'number' && typeof measured === 'number' ? `, ratio ${(measured / baseline).toFixed(3)}` : '');
