import { VISITOR_ID_BYTES, formatVisitorId, isVisitorId } from '@mesura/protocol';
import { ID_SYNC_COOKIE_NAME, VISITOR_COOKIE_MAX_AGE_S, VISITOR_COOKIE_NAME } from './constants.js';
import { readCookie, writeCookie, type CookieJar } from './cookie-jar.js';
import { privacyStatus } from './privacy.js';

/** Fills `bytes` with random values, as `crypto.getRandomValues` does. */
export type RandomSource = (bytes: Uint8Array) => Uint8Array;

export { isVisitorId };

/** A new random 128-bit visitor id. */
export function newVisitorId(random: RandomSource): string {
  return formatVisitorId(random(new Uint8Array(VISITOR_ID_BYTES)));
}

/** The id in the first-party cookie; a value of another format counts as none. */
export function readVisitorId(jar: CookieJar): string | undefined {
  const value = readCookie(jar, VISITOR_COOKIE_NAME);
  return isVisitorId(value) ? value : undefined;
}

export function writeVisitorId(jar: CookieJar, id: string, secure: boolean): void {
  writeCookie(jar, VISITOR_COOKIE_NAME, id, VISITOR_COOKIE_MAX_AGE_S, secure);
}

/**
 * Removes the visitor id from this browser (consent withdrawn, opted out), so that a later consent
 * starts with a new id. Written as `writeVisitorId` writes it (same name, `Path=/`, no Domain) with
 * `Max-Age=0`: a cookie is replaced only by one of the same name, path and domain. The sync cookie
 * goes too: it says that id was synced today, and the next id must be synced on its own day.
 */
export function forgetVisitorId(jar: CookieJar, secure: boolean): void {
  for (const name of [VISITOR_COOKIE_NAME, ID_SYNC_COOKIE_NAME]) writeCookie(jar, name, '', 0, secure);
}

/**
 * Takes the collector's id (`fetchCollectorIdentity`) as this visitor's, only when the first-party
 * cookie has none and the visitor has not opted out: a hint never replaces an id the visitor
 * already has here. Apart from `createIdentity` because only that flow needs it. Returns whether
 * it was adopted.
 */
export function adoptCollectorId(jar: CookieJar, id: string, secure: boolean): boolean {
  if (!isVisitorId(id) || readVisitorId(jar) || privacyStatus(jar) === 'opted-out') return false;
  writeVisitorId(jar, id, secure);
  return true;
}
