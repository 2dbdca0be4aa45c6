import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/errors.js';
import { LOG_FULL_RETRY_AFTER_S, collectorStatus } from '../../src/ingest/collector-health.js';
import { IngestLog } from '../../src/ingest/ingest-log.js';
import { openIntake, type Intake } from '../../src/ingest/intake.js';
import type { RefusalStore } from '../../src/store/refusal-store.js';
import { LOAD_INTERVAL_MS, StoreLoader } from '../../src/ingest/store-loader.js';
import type { RowBatch, RowBatchSink } from '../../src/store/row-batch.js';
import { intakeOptions } from '../helpers/intake-options.js';
import { BROWSER_UA, beaconUrl, testHit } from '../helpers/test-server.js';

const RETRY = { firstMs: LOAD_INTERVAL_MS, maxMs: 30_000 };

/**
 * An events store that can be down: while `down`, every load fails as a refused connection does;
 * up, it keeps each row by event id and counts how often each was stored.
 */
class FakeRemoteStore implements RowBatchSink, RefusalStore {
  down = true;
  readonly batchRows = 100;
  readonly attempts: number[] = [];
  readonly stored = new Map<string, number>();
  constructor(private readonly clock: () => number) {}

  async storeBatch(batch: RowBatch): Promise<number> {
    this.attempts.push(this.clock());
    if (this.down) throw new Error('draining the ingest log into ClickHouse at clickhouse://default@127.0.0.1:1/x failed: connect ECONNREFUSED');
    const records = batch.records();
    for (const record of records) {
      const id = (record as { eventId: string }).eventId;
      this.stored.set(id, (this.stored.get(id) ?? 0) + 1);
    }
    return records.length;
  }

  async addRefusedHits(): Promise<void> {}
  async refusedHits() {
    return [];
  }
}

/** Timers the test fires by hand, on a clock it moves. */
function manualTimers() {
  let tick: (() => void) | undefined;
  const timers = {
    nowMs: 0,
    setInterval: (callback: () => void) => ((tick = callback), 1),
    clearInterval: () => undefined,
    now: () => timers.nowMs,
    /** Moves the clock by one loader interval and fires the tick. */
    advance() {
      timers.nowMs += LOAD_INTERVAL_MS;
      tick?.();
    },
  };
  return timers;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-drain-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('StoreLoader towards a store that is down', () => {
  it('backs off, doubling its wait up to the maximum, and records the last failure in one line', async () => {
    const timers = manualTimers();
    const sink = new FakeRemoteStore(timers.now);
    const { log } = IngestLog.open(path.join(dir, 'log'), { now: timers.now });
    const loader = new StoreLoader(log, sink, () => undefined, timers, RETRY);
    loader.start();
    await log.append([{ ...hit('a') }]);
    for (let i = 0; i < 20; i++) {
      timers.advance();
      await loader.settled();
    }
    // Waits of 5, 10, 20 s, then 30 s (the maximum) between attempts, on 5-second ticks.
    expect(sink.attempts).toEqual([5000, 10_000, 20_000, 40_000, 70_000, 100_000]);
    expect(loader.lastFailure()).toEqual({ message: expect.stringMatching(/^draining the ingest log into ClickHouse .*ECONNREFUSED$/), atMs: 100_000, failures: 6 });

    sink.down = false;
    for (let i = 0; i < 6; i++) {
      timers.advance();
      await loader.settled();
    }
    expect(sink.attempts.at(-1)).toBe(130_000);
    expect(loader.lastFailure()).toBeUndefined();
    expect([...sink.stored]).toEqual([['a', 1]]);
    await loader.close();
    await log.close();
  });

  it("drains a previous process's leftover segments before any new one", async () => {
    const first = IngestLog.open(path.join(dir, 'log')).log;
    await first.append([hit('old')]);
    const timers = manualTimers();
    const sink = new FakeRemoteStore(timers.now);
    sink.down = false;
    const order: string[] = [];
    const recording: RowBatchSink = {
      batchRows: sink.batchRows,
      storeBatch: async (batch) => {
        order.push(batch.lines.includes('"old"') ? 'leftover' : 'new');
        return sink.storeBatch(batch);
      },
    };
    const { log, leftover } = IngestLog.open(path.join(dir, 'log'));
    const loader = new StoreLoader(log, recording, () => undefined, timers, RETRY);
    loader.adopt(leftover);
    await log.append([hit('new')]);
    await loader.flush();
    expect(order).toEqual(['leftover', 'new']);
    expect([...sink.stored]).toEqual([
      ['old', 1],
      ['new', 1],
    ]);
    await log.close();
  });
});

describe("a collector's intake while its events store is down (issue: keeps acknowledging, with a bound)", () => {
  let intake: Intake | undefined;
  afterEach(async () => {
    await intake?.close();
    intake = undefined;
  });

  it('acknowledges while down, answers 503 with Retry-After past the bound, and stores every row once after', async () => {
    let nowMs = Date.UTC(2026, 10, 23, 9);
    const sink = new FakeRemoteStore(() => nowMs);
    const maxUndrainedLogBytes = 6000;
    intake = await openIntake({ ...intakeOptions(dir), store: sink, maxUndrainedLogBytes, drainRetry: RETRY, now: () => nowMs });
    const acknowledged: string[] = [];
    let refusal: unknown;
    expect(collectorStatus(intake.health())).toBe('ok');
    for (let i = 0; i < 100 && refusal === undefined; i++) {
      if (i === 1) expect(collectorStatus(intake.health())).toBe('degraded'); // acknowledging, its first drain failed
      const event = testHit({ eventId: `e-${i}`, visitor: { fid: `1F65FB944AFA1C05-${String(i).padStart(16, '0')}` } });
      try {
        await intake.collect(beaconOf(event, nowMs));
        acknowledged.push(event.eventId!);
      } catch (error) {
        refusal = error;
      }
      await intake.catchUp().catch(() => undefined); // a drain round: fails, the store is down
      nowMs += 1000;
    }
    expect(acknowledged.length).toBeGreaterThan(3);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).kind).toEqual({ code: 'MESURA_ERR_INGEST_LOG_FULL', status: 503 });
    expect((refusal as HttpError).headers).toEqual({ 'Retry-After': String(LOG_FULL_RETRY_AFTER_S) });
    expect((refusal as HttpError).message).not.toContain('\n');
    const full = intake.health();
    expect(full).toMatchObject({ refusing: true, maxUndrainedLogBytes, lagMs: (acknowledged.length + 1) * 1000 }); // the first row was written that long ago
    expect(full.undrainedLogBytes).toBeGreaterThan(maxUndrainedLogBytes);
    expect(full.lastDrainError?.message).toMatch(/ECONNREFUSED$/);
    expect(collectorStatus(full)).toBe('refusing');
    expect(sink.stored.size).toBe(0);

    sink.down = false;
    await intake.catchUp();
    expect(intake.health()).toEqual({ undrainedLogBytes: 0, maxUndrainedLogBytes, lagMs: 0, refusing: false, lastDrainError: null, lastLogWriteError: null });
    expect(collectorStatus(intake.health())).toBe('ok');
    expect([...sink.stored.keys()].sort()).toEqual([...acknowledged].sort());
    expect([...sink.stored.values()].every((times) => times === 1)).toBe(true);
    // Below the bound again: accepted.
    await intake.collect(beaconOf(testHit({ eventId: 'after' }), nowMs));
    await intake.catchUp();
    expect(sink.stored.get('after')).toBe(1);
  });
});

function hit(eventId: string) {
  return { eventId, reportSuite: 'mesuradev' } as unknown as Parameters<IngestLog['append']>[0][number];
}

function beaconOf(event: ReturnType<typeof testHit>, receivedAtMs: number) {
  const url = beaconUrl(event);
  const q = url.indexOf('?');
  return { path: url.slice(0, q), params: url.slice(q + 1), ip: '203.0.113.9', userAgent: BROWSER_UA, receivedAtMs };
}
