import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { heapLimitAdvice } from '../src/heap-limit.js';
import { DEFAULT_MEMORY_BUDGET_MIB, MAX_TRACKED_ADDRESSES, MAX_TRACKED_VISITORS, NODE_HEAP_MIN_MIB, RECENT_EVENT_IDS, memoryBudget } from '../src/memory-budget.js';
import { OperatorError } from '../src/operator-error.js';
import { openDuckDbFile } from '../src/store/duckdb/duckdb-file.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'mesura-memory-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('memoryBudget', () => {
  it('gives DuckDB a bounded share at the default (half a 4 GiB host), and the caches their named sizes', () => {
    expect(DEFAULT_MEMORY_BUDGET_MIB).toBe(2048);
    expect(memoryBudget()).toMatchObject({ eventsStoreMiB: 1024, sideStoreMiB: 64, recentEventIds: RECENT_EVENT_IDS, trackedVisitors: MAX_TRACKED_VISITORS, trackedAddresses: MAX_TRACKED_ADDRESSES });
  });

  it('bounds the Node heap at a quarter of the budget, never below its floor', () => {
    expect(memoryBudget().nodeHeapMiB).toBe(512);
    expect(memoryBudget(8192).nodeHeapMiB).toBe(2048);
    expect(memoryBudget(512).nodeHeapMiB).toBe(NODE_HEAP_MIN_MIB);
  });

  it('scales every share with the budget', () => {
    const half = memoryBudget(1024);
    expect(half).toMatchObject({ eventsStoreMiB: 512, sideStoreMiB: 32, recentEventIds: RECENT_EVENT_IDS / 2, trackedVisitors: MAX_TRACKED_VISITORS / 2 });
    expect(memoryBudget(8192).eventsStoreMiB).toBe(4096);
  });
});

describe('heapLimitAdvice', () => {
  it('names the launch flag when V8 sized the heap from the machine, in one line', () => {
    expect(heapLimitAdvice(memoryBudget(), 4144)).toBe(
      'the Node heap may grow to 4144 MiB, past the 512 MiB that MESURA_MEMORY_MIB=2048 leaves it: start node with --max-old-space-size=512 (docs/operations.md, "Memory")',
    );
  });

  it('says nothing when the heap was bounded from the budget (old generation plus the young one)', () => {
    expect(heapLimitAdvice(memoryBudget(), 560)).toBeUndefined();
  });
});

describe('MESURA_MEMORY_MIB', () => {
  const config = (value: string | undefined) => loadConfig({ MESURA_MEMORY_MIB: value }, scratch);
  it('reaches the caches and the edge from the configuration', () => {
    const read = config('1024');
    expect(read.memory.eventsStoreMiB).toBe(512);
    expect(read.edge.maxTrackedAddresses).toBe(MAX_TRACKED_ADDRESSES / 2);
    expect(read.visitorRate.trackedVisitors).toBe(MAX_TRACKED_VISITORS / 2);
    expect(config(undefined).memory.totalMiB).toBe(2048);
  });

  it('refuses a value that is not a number of MiB, or below the least the store needs, in one line', () => {
    expect(() => config('2G')).toThrow(/^MESURA_MEMORY_MIB must be a positive integer/);
    expect(() => config('256')).toThrow("MESURA_MEMORY_MIB must be at least 512 (MiB), got '256'");
  });
});

describe('openDuckDbFile', () => {
  it('sets the memory limit DuckDB would otherwise take as 80 % of the machine', async () => {
    const instance = await openDuckDbFile(path.join(scratch, 'limited.duckdb'), { threads: 1, memoryLimitMiB: 96 });
    const connection = await instance.connect();
    const [row] = (await connection.runAndReadAll("SELECT current_setting('memory_limit') AS limit_text")).getRowObjectsJson();
    expect(row!.limit_text).toBe('96.0 MiB');
    connection.closeSync();
    instance.closeSync();
  });

  it("lets DuckDB's allocator return freed pages by time, not only at the next allocation", async () => {
    const instance = await openDuckDbFile(path.join(scratch, 'purged.duckdb'), { threads: 1, memoryLimitMiB: 64 });
    const connection = await instance.connect();
    const [row] = (await connection.runAndReadAll("SELECT current_setting('allocator_background_threads')::VARCHAR AS purging")).getRowObjectsJson();
    expect(row!.purging).toBe('true');
    connection.closeSync();
    instance.closeSync();
  });

  it('tells a file held by another process in one line, naming its PID', async () => {
    const file = path.join(scratch, 'held.duckdb');
    const holder = spawn(
      process.execPath,
      ['--input-type=module', '-e', `import { DuckDBInstance } from '@duckdb/node-api'; await DuckDBInstance.create(${JSON.stringify(file)}); console.log('held'); setInterval(() => {}, 1000);`],
      { cwd: path.resolve(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
      const opening = openDuckDbFile(file, { threads: 1, memoryLimitMiB: 64 });
      await expect(opening).rejects.toBeInstanceOf(OperatorError);
      await expect(opening).rejects.toThrow(
        `${file} is in use by another process (PID ${holder.pid}), most likely another Mesura on the same data folder; stop it, or give this one its own MESURA_DATA_DIR`,
      );
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
