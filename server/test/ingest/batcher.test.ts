import { describe, expect, it } from 'vitest';
import { Batcher, BatcherClosedError } from '../../src/ingest/batcher.js';

function recordingWriter() {
  const batches: number[][] = [];
  let release: (() => void) | undefined;
  let hold = false;
  return {
    batches,
    holdWrites() {
      hold = true;
    },
    releaseWrites() {
      hold = false;
      release?.();
    },
    write: async (items: number[]) => {
      batches.push(items);
      if (hold) await new Promise<void>((r) => (release = r));
    },
  };
}

describe('Batcher', () => {
  it('writes the items of one turn of the event loop as one batch', async () => {
    const writer = recordingWriter();
    const batcher = new Batcher({ write: writer.write, maxBatchSize: 100 });
    await Promise.all([batcher.add(1), batcher.add(2), batcher.add(3)]);
    expect(writer.batches).toEqual([[1, 2, 3]]);
  });

  it('groups what arrives during a write into the next batch', async () => {
    const writer = recordingWriter();
    writer.holdWrites();
    const batcher = new Batcher({ write: writer.write, maxBatchSize: 100 });
    const first = batcher.add(1);
    await new Promise((r) => setImmediate(r));
    expect(writer.batches).toEqual([[1]]);
    const later = [batcher.add(2), batcher.add(3)];
    writer.releaseWrites();
    await Promise.all([first, ...later]);
    expect(writer.batches).toEqual([[1], [2, 3]]);
  });

  it('does not resolve an item before its batch is written', async () => {
    const writer = recordingWriter();
    writer.holdWrites();
    const batcher = new Batcher({ write: writer.write, maxBatchSize: 100 });
    let durable = false;
    const added = batcher.add(1).then(() => (durable = true));
    await new Promise((r) => setImmediate(r));
    expect(durable).toBe(false);
    writer.releaseWrites();
    await added;
    expect(durable).toBe(true);
  });

  it('starts another write while one is under way when maxInFlight allows it', async () => {
    const writer = recordingWriter();
    writer.holdWrites();
    const batcher = new Batcher({ write: writer.write, maxBatchSize: 100, maxInFlight: 2 });
    void batcher.add(1);
    await new Promise((r) => setImmediate(r));
    void batcher.add(2);
    await new Promise((r) => setImmediate(r));
    void batcher.add(3);
    await new Promise((r) => setImmediate(r));
    expect(writer.batches).toEqual([[1], [2]]);
  });

  it('starts a write no sooner than minIntervalMs after the previous one began: what comes meanwhile waits, and goes as one batch', async () => {
    const writer = recordingWriter();
    let nowMs = 0;
    const timeouts: { atMs: number; run: () => void }[] = [];
    const timers = { now: () => nowMs, setTimeout: (run: () => void, ms: number) => void timeouts.push({ atMs: nowMs + ms, run }) };
    const batcher = new Batcher({ write: writer.write, maxBatchSize: 100, maxInFlight: 4, minIntervalMs: 2, timers });
    await batcher.add(1); // no write began before: at once
    expect([writer.batches, timeouts]).toEqual([[[1]], []]);
    nowMs = 0.5;
    const waiting = [batcher.add(2)];
    await new Promise((r) => setImmediate(r));
    waiting.push(batcher.add(3));
    await new Promise((r) => setImmediate(r));
    expect(writer.batches).toEqual([[1]]);
    expect(timeouts.map((t) => t.atMs)).toEqual([2]);
    nowMs = 2;
    timeouts.shift()!.run();
    await Promise.all(waiting);
    expect(writer.batches).toEqual([[1], [2, 3]]);
    // After a quiet spell longer than the interval, a lone item goes at once again.
    nowMs = 10;
    await batcher.add(4);
    expect([writer.batches.at(-1), timeouts]).toEqual([[4], []]);
  });

  it('splits batches at maxBatchSize', async () => {
    const writer = recordingWriter();
    const batcher = new Batcher({ write: writer.write, maxBatchSize: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.add(n)));
    expect(writer.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects every item of a batch whose write fails, and goes on with the next', async () => {
    let calls = 0;
    const batcher = new Batcher<number>({
      maxBatchSize: 10,
      write: async () => {
        calls += 1;
        if (calls === 1) throw new Error('disk full');
      },
    });
    const failed = [batcher.add(1), batcher.add(2)];
    await expect(failed[0]).rejects.toThrow('disk full');
    await expect(failed[1]).rejects.toThrow('disk full');
    await expect(batcher.add(3)).resolves.toBeUndefined();
  });

  it('close writes what was accepted and refuses what comes after', async () => {
    const writer = recordingWriter();
    const batcher = new Batcher({ write: writer.write, maxBatchSize: 10 });
    const accepted = batcher.add(1);
    await batcher.close();
    await accepted;
    expect(writer.batches).toEqual([[1]]);
    await expect(batcher.add(2)).rejects.toBeInstanceOf(BatcherClosedError);
  });
});
