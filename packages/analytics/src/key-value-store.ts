/**
 * The slice of the Web Storage API the package uses, so that `localStorage` and `sessionStorage`
 * plug in as they are and tests pass a map. Storage may be missing or throw (Safari's private
 * mode, storage disabled, quota exceeded), so every access goes through `readStore`/`writeStore`.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A store kept in memory: what a page without Web Storage (or a test) gets. */
export function memoryStore(): KeyValueStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** The Web Storage `pick` returns, or undefined when merely touching it throws. */
export function webStorage(pick: () => Storage): KeyValueStore | undefined {
  try {
    return pick();
  } catch {
    return undefined;
  }
}

/** The JSON value under `key`, or undefined when it is absent, unreadable or not JSON. */
export function readStore(store: KeyValueStore | undefined, key: string): unknown {
  try {
    const raw = store?.getItem(key);
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `value` as JSON (undefined removes the key); false when the browser refused. */
export function writeStore(store: KeyValueStore | undefined, key: string, value: unknown): boolean {
  try {
    if (value === undefined) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(value));
    return store !== undefined;
  } catch {
    return false;
  }
}
