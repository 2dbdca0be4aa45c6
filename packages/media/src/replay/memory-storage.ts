/** Storage in memory, for the replay and the tests (one page's worth, gone with the tracker). */
import type { KeyValueStorage } from '../deps.js';

export function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
