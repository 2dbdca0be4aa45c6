import { describe, expect, it } from 'vitest';
import { RecentEventIds } from '../../src/ingest/recent-event-ids.js';

/** A write the test settles by hand. */
function pendingWrite() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('RecentEventIds: a retry is never acknowledged before the first copy is durable', () => {
  it('writes an event once; a retry during the write waits for it and is not written again', async () => {
    const recent = new RecentEventIds(10);
    const first = pendingWrite();
    let writes = 0;
    const write = () => (writes++, first.promise);
    const original = recent.writeOnce('e1', write);
    let retryDone = false;
    const retry = recent.writeOnce('e1', write).then(() => (retryDone = true));
    await Promise.resolve();
    expect(retryDone).toBe(false);
    first.resolve();
    await Promise.all([original, retry]);
    expect(retryDone).toBe(true);
    expect(writes).toBe(1);
  });

  it('fails the retry with the first write, then lets the next retry write again', async () => {
    const recent = new RecentEventIds(10);
    const first = pendingWrite();
    const original = recent.writeOnce('e1', () => first.promise);
    const retry = recent.writeOnce('e1', () => Promise.resolve());
    first.reject(new Error('disk full'));
    await expect(original).rejects.toThrow('disk full');
    await expect(retry).rejects.toThrow('disk full');
    let wroteAgain = false;
    await recent.writeOnce('e1', async () => void (wroteAgain = true));
    expect(wroteAgain).toBe(true);
  });

  it('forgets the oldest id past its capacity', async () => {
    const recent = new RecentEventIds(2);
    let writes = 0;
    const write = async () => void writes++;
    for (const id of ['a', 'b', 'c', 'a']) await recent.writeOnce(id, write);
    expect(writes).toBe(4);
    await recent.writeOnce('c', write);
    expect(writes).toBe(4);
  });
});
