/**
 * Something a process opens once, from a server that may not answer yet: the ClickHouse tables
 * (clickhouse/open-clickhouse-events.ts) and the PostgreSQL metadata (metadata-store.ts) of a
 * collector that starts during an outage. Each use awaits `ready()`; the first that succeeds opens
 * it for good.
 */
export interface OpenOnce<T> {
  /** Whether an attempt has succeeded. */
  readonly isOpen: boolean;
  /**
   * Resolves to what the first successful attempt opened. Calls made meanwhile share one attempt;
   * an attempt that fails rejects them all, and the next call tries again.
   */
  ready(): Promise<T>;
  /**
   * From now on `ready()` rejects; waits for an attempt under way, and hands what was opened, if
   * anything, to `dispose`: an attempt that ends after a close leaves nothing open.
   */
  close(dispose: (value: T) => Promise<void>): Promise<void>;
}

export function openOnce<T>(open: () => Promise<T>): OpenOnce<T> {
  let opened: { value: T } | undefined;
  let attempt: Promise<T> | undefined;
  let closed = false;
  return {
    get isOpen() {
      return opened !== undefined;
    },
    ready() {
      if (closed) return Promise.reject(new Error('closed: nothing more is opened'));
      if (opened) return Promise.resolve(opened.value);
      attempt ??= open().then(
        (value) => {
          opened = { value };
          attempt = undefined;
          return value;
        },
        (error: unknown) => {
          attempt = undefined;
          throw error;
        },
      );
      return attempt;
    },
    async close(dispose) {
      closed = true;
      await attempt?.catch(() => undefined);
      if (opened) await dispose(opened.value);
    },
  };
}

/**
 * A store whose every method first awaits `opened` and then runs on the store it resolves to: for
 * a store interface of async methods only (AccountStore, ActivityStore), so that a process can
 * start before its server answers. Nothing but methods is read through it: `then` and symbols are
 * absent, so the object is never taken for a promise.
 */
export function afterOpen<T extends object>(opened: () => Promise<T>): T {
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy({} as T, {
    get(_target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      let method = methods.get(name);
      if (!method) {
        method = async (...args: unknown[]) => {
          const store = await opened();
          const own = Reflect.get(store, name) as unknown;
          if (typeof own !== 'function') throw new TypeError(`the store has no method ${name}`);
          return (own as (...a: unknown[]) => Promise<unknown>).apply(store, args);
        };
        methods.set(name, method);
      }
      return method;
    },
  });
}
