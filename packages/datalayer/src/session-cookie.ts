/**
 * The session cookie holding the user state (§3 "Login status"), read from a `document.cookie`
 * string that the caller passes in (this package never touches `document`).
 *
 * Contract with the site's login module: cookie `mesura_usuari`, value
 * `encodeURIComponent(JSON.stringify({ logat: true }))` while the user is logged in. Other
 * properties may ride along and are ignored. Anything else — no cookie, bad percent-encoding,
 * text that is not JSON, JSON that is not an object, `logat` other than the boolean `true` — reads
 * as "not logged in".
 */
import { LOGIN_COOKIE_LOGGED_IN_KEY, LOGIN_COOKIE_NAME } from './constants.js';

/**
 * The raw value of the first cookie called `name` in a `document.cookie` string, or `undefined`.
 * The first one wins because browsers list the cookie with the most specific path first.
 */
export function readCookie(cookies: string | undefined, name: string): string | undefined {
  if (typeof cookies !== 'string') return undefined;
  for (const pair of cookies.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1) continue;
    if (pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return undefined;
}

/** Percent-decodes and parses a cookie value; `undefined` when it is neither. */
function parseJsonValue(value: string): unknown {
  // RFC 6265 allows a cookie value in double quotes; the quotes are not part of the value.
  const unquoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  try {
    return JSON.parse(decodeURIComponent(unquoted)) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether the user-state cookie in `cookies` says the user is logged in (see the contract above). */
export function cookieSaysLoggedIn(cookies: string | undefined): boolean {
  const value = readCookie(cookies, LOGIN_COOKIE_NAME);
  if (value === undefined) return false;
  // No field of an array, a string or a number is `true`: only an object can say logged in.
  return (parseJsonValue(value) as Record<string, unknown> | null | undefined)?.[LOGIN_COOKIE_LOGGED_IN_KEY] === true;
}
