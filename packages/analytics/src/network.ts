/**
 * The browser's network API, storage and window events as the transport sees them: one interface,
 * so that transport.ts holds the delivery rules and tests run them without a browser, and one
 * adapter, `browserNetwork`, the only code that touches navigator, fetch, Image and localStorage.
 */
import { webStorage, type KeyValueStore } from './key-value-store.js';

/** The answer of a fetch, as far as the transport reads it. */
export interface FetchAnswer {
  ok: boolean;
  status: number;
}

export interface Network {
  /** navigator.sendBeacon with a text/plain body; absent where the browser has none. */
  sendBeacon?: ((url: string, body: string) => boolean) | undefined;
  /** fetch; absent where the browser has none. Rejects on a network error. */
  fetch?: ((url: string, init: RequestInit) => Promise<FetchAnswer>) | undefined;
  /** Requests `url` as an image: true once it loads, false on an error. */
  loadImage(url: string): Promise<boolean>;
  /** Where the queue lives (localStorage); undefined where the browser gives none. */
  storage: KeyValueStore | undefined;
  /** navigator.onLine: false means surely offline, true only "maybe online". */
  isOnline(): boolean;
  /** document.visibilityState is 'hidden': the page is unloading or in the background. */
  isHidden(): boolean;
  /** Adds a window listener and returns its removal. */
  listen(type: 'online' | 'pagehide', listener: () => void): () => void;
}

export function browserNetwork(): Network {
  return {
    sendBeacon:
      typeof navigator.sendBeacon === 'function'
        ? (url, body) => {
            try {
              return navigator.sendBeacon(url, body);
            } catch {
              // A URL it cannot parse, or a scheme it does not send to: the next way may.
              return false;
            }
          }
        : undefined,
    fetch: typeof fetch === 'function' ? (url, init) => fetch(url, init) : undefined,
    loadImage: (url) =>
      new Promise((resolve) => {
        const image = new Image();
        image.onload = () => resolve(true);
        image.onerror = () => resolve(false);
        image.src = url;
      }),
    storage: webStorage(() => localStorage),
    isOnline: () => navigator.onLine !== false,
    isHidden: () => document.visibilityState === 'hidden',
    listen(type, listener) {
      addEventListener(type, listener);
      return () => removeEventListener(type, listener);
    },
  };
}
