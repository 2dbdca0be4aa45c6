/**
 * The one place that knows cookie syntax. Everything else reads and writes through a `CookieJar`,
 * so tests pass a fake jar and no module touches `document.cookie`.
 */
import { readCookie as readCookieString } from '@mesura/datalayer';

export interface CookieJar {
  /** All cookies, as `document.cookie` returns them (`a=1; b=2`). */
  get(): string;
  /** Writes one cookie, as assigning `document.cookie` does (`a=1; Max-Age=60; Path=/`). */
  set(cookie: string): void;
}

/** `document.cookie` as a jar: the browser adapter. */
export function documentCookieJar(doc: Document = document): CookieJar {
  return {
    get: () => doc.cookie,
    set: (cookie) => {
      doc.cookie = cookie;
    },
  };
}

/**
 * `document.cookie` as a jar that keeps what it read until the code running now has finished (a
 * microtask). Each read of `document.cookie` asks the browser process: measured in a new tab, the
 * personalisation client's 21 reads took 5 to 15 ms before its request went. Meanwhile only this
 * jar's own writes, which drop the value, can change it, so a bundle must use one such jar for all
 * its cookies; page code running inside the same microtask (an event listener) is not seen.
 */
export function cachedDocumentCookieJar(doc: Document = document): CookieJar {
  let kept: string | undefined;
  return {
    get: () => {
      if (kept === undefined) {
        kept = doc.cookie;
        queueMicrotask(() => (kept = undefined));
      }
      return kept;
    },
    set: (cookie) => {
      doc.cookie = cookie;
      kept = undefined;
    },
  };
}

/** The raw value of the first cookie called `name` (the data layer's reader, the one cookie parser). */
export function readCookie(jar: CookieJar, name: string): string | undefined {
  return readCookieString(jar.get(), name);
}

/**
 * Writes a first-party cookie for the whole site. Values are written raw: every value this package
 * writes is hex, digits and dashes. SameSite=Lax: sent when a visitor follows a link to the site,
 * never on other sites' requests. Secure on https pages, so the id never travels in clear text.
 */
export function writeCookie(jar: CookieJar, name: string, value: string, maxAgeS: number, secure: boolean): void {
  jar.set(`${name}=${value}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`);
}

/** Whether a page address is https, the condition for the Secure attribute. */
export function isHttps(href: string): boolean {
  return href.startsWith('https:');
}
