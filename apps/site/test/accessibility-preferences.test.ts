import { describe, expect, it } from 'vitest';
import { SCREEN_READER_STORAGE_KEY, screenReaderPreference, setScreenReaderPreference } from '../src/accessibility/preferences';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), removeItem: (k: string) => void values.delete(k), values };
}

describe("the visitor's screen-reader setting", () => {
  it('is off until the visitor turns it on, and off again when they turn it off', () => {
    const storage = memoryStorage();
    expect(screenReaderPreference(storage)).toBe(false);
    setScreenReaderPreference(storage, true);
    expect(storage.values.get(SCREEN_READER_STORAGE_KEY)).toBe('si');
    expect(screenReaderPreference(storage)).toBe(true);
    setScreenReaderPreference(storage, false);
    expect(screenReaderPreference(storage)).toBe(false);
  });

  it('is off, and nothing breaks, where the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(screenReaderPreference(refusing)).toBe(false);
    expect(() => setScreenReaderPreference(refusing, true)).not.toThrow();
    expect(screenReaderPreference(undefined)).toBe(false);
  });
});
