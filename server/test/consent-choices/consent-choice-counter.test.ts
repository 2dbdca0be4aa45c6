/** Group commit of consent choices: acknowledged only once written, added up per key, failures never acknowledged. */
import { describe, expect, it } from 'vitest';
import { createConsentChoiceCounter } from '../../src/consent-choices/consent-choice-counter.js';
import type { ConsentChoiceCount } from '../../src/store/consent-choice-table.js';

/** A write the test completes by hand, recording what each write held. */
function manualWrites() {
  const writes: { counts: readonly ConsentChoiceCount[]; finish: (error?: Error) => void }[] = [];
  const write = (counts: readonly ConsentChoiceCount[]) => new Promise<void>((resolve, reject) => writes.push({ counts, finish: (error) => (error ? reject(error) : resolve()) }));
  return { writes, write };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const choice = (c: 'accept-all' | 'reject-all' | 'custom', day = '2026-11-23') => ({ day, reportSuite: 'mesuradev', choice: c });

describe('createConsentChoiceCounter', () => {
  it('acknowledges a choice only once its write is done, and adds up the choices that came meanwhile in one next write', async () => {
    const { writes, write } = manualWrites();
    const counter = createConsentChoiceCounter(write);
    let acknowledged = 0;
    void counter.record(choice('accept-all')).then(() => (acknowledged += 1));
    await flush();
    expect(writes.map((w) => w.counts)).toEqual([[{ ...choice('accept-all'), choices: 1 }]]);
    for (const c of ['reject-all', 'reject-all', 'custom'] as const) void counter.record(choice(c)).then(() => (acknowledged += 1));
    void counter.record(choice('reject-all', '2026-11-24')).then(() => (acknowledged += 1));
    await flush();
    expect(acknowledged).toBe(0);
    writes[0]!.finish();
    await flush();
    expect(acknowledged).toBe(1);
    expect(writes[1]!.counts).toEqual([
      { ...choice('reject-all'), choices: 2 },
      { ...choice('custom'), choices: 1 },
      { ...choice('reject-all', '2026-11-24'), choices: 1 },
    ]);
    writes[1]!.finish();
    await flush();
    expect(acknowledged).toBe(5);
  });

  it('rejects every choice of a failed write, and writes later ones anew', async () => {
    const { writes, write } = manualWrites();
    const counter = createConsentChoiceCounter(write);
    const failed = counter.record(choice('custom'));
    await flush();
    writes[0]!.finish(new Error('disk full'));
    await expect(failed).rejects.toThrow('disk full');
    const next = counter.record(choice('custom'));
    await flush();
    expect(writes[1]!.counts).toEqual([{ ...choice('custom'), choices: 1 }]);
    writes[1]!.finish();
    await expect(next).resolves.toBeUndefined();
  });

  it('waits on close for the write under way', async () => {
    const { writes, write } = manualWrites();
    const counter = createConsentChoiceCounter(write);
    void counter.record(choice('accept-all'));
    let closed = false;
    const closing = counter.close().then(() => (closed = true));
    await flush();
    expect(closed).toBe(false);
    writes[0]!.finish();
    await closing;
    expect(closed).toBe(true);
  });
});
