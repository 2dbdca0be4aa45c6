/**
 * The visitor's accessibility preferences on this site, kept in their browser (localStorage: a
 * functional setting of their own, not tracking). "Faig servir un lector de pantalla" is the
 * setting the data layer's screenReader flag reports (§3): no browser tells a page that a screen
 * reader is running, so the visitor says so.
 */
export const SCREEN_READER_STORAGE_KEY = 'mesura_lector_pantalla';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function screenReaderPreference(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(SCREEN_READER_STORAGE_KEY) === 'si';
  } catch {
    // Storage disabled by the browser: no preference.
    return false;
  }
}

export function setScreenReaderPreference(storage: Storage | undefined, on: boolean): void {
  try {
    if (on) storage?.setItem(SCREEN_READER_STORAGE_KEY, 'si');
    else storage?.removeItem(SCREEN_READER_STORAGE_KEY);
  } catch {
    // Storage disabled: the setting holds for this page only.
  }
}

/** The browser's storage, when the page may use it. */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
