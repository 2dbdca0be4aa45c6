import { describe, expect, it } from 'vitest';
import { afterOpen, openOnce } from '../../src/store/open-once.js';

describe('openOnce (a store opened once its server answers)', () => {
  it('opens once, for calls made meanwhile and after, and answers what it opened', async () => {
    let opens = 0;
    let finish: (value: string) => void = () => undefined;
    const once = openOnce(() => {
      opens += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    });
    const first = once.ready();
    const second = once.ready();
    expect(once.isOpen).toBe(false);
    finish('store');
    expect(await Promise.all([first, second])).toEqual(['store', 'store']);
    expect(await once.ready()).toBe('store');
    expect(opens).toBe(1);
    expect(once.isOpen).toBe(true);
  });

  it('rejects every call of a failed attempt, and tries again on the next call', async () => {
    const outcomes = [new Error('connect ECONNREFUSED 127.0.0.1:8123'), undefined];
    let opens = 0;
    const once = openOnce(async () => {
      const outcome = outcomes[opens++];
      if (outcome) throw outcome;
    });
    const calls = [once.ready(), once.ready()];
    for (const call of calls) await expect(call).rejects.toThrow('ECONNREFUSED');
    expect(once.isOpen).toBe(false);
    await once.ready();
    expect(once.isOpen).toBe(true);
    expect(opens).toBe(2);
  });
});

describe('openOnce closed', () => {
  it('waits for an attempt under way, disposes of what it opened, and opens nothing after', async () => {
    let finish: (value: string) => void = () => undefined;
    let opens = 0;
    const once = openOnce(() => {
      opens += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    });
    const pending = once.ready();
    const disposed: string[] = [];
    const closing = once.close(async (value) => void disposed.push(value));
    finish('pool');
    await closing;
    expect(await pending).toBe('pool');
    expect(disposed).toEqual(['pool']);
    await expect(once.ready()).rejects.toThrow('closed');
    const never = openOnce(async () => 'x');
    await never.close(async (value) => void disposed.push(value));
    await expect(never.ready()).rejects.toThrow('closed');
    expect(disposed).toEqual(['pool']);
    expect(opens).toBe(1);
  });
});

describe('afterOpen (a store whose methods wait for it to open)', () => {
  class Counter {
    private n = 0;
    async add(by: number): Promise<number> {
      this.n += by;
      return this.n;
    }
  }

  it('runs each method on the opened store, with its arguments and its own this', async () => {
    const counter = new Counter();
    const store = afterOpen(async () => counter);
    expect(await store.add(2)).toBe(2);
    expect(await store.add(3)).toBe(5);
  });

  it('rejects a call while the store cannot be opened, and runs the next once it can', async () => {
    let up = false;
    const counter = new Counter();
    const store = afterOpen(async () => {
      if (!up) throw new Error('cannot reach the metadata database');
      return counter;
    });
    await expect(store.add(1)).rejects.toThrow('cannot reach');
    up = true;
    expect(await store.add(1)).toBe(1);
  });

  it('is never taken for a promise: awaiting it opens nothing', async () => {
    let opens = 0;
    const store = afterOpen(async () => {
      opens += 1;
      return new Counter();
    });
    expect(await Promise.resolve(store)).toBe(store);
    expect(opens).toBe(0);
  });
});
