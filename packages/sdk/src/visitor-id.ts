import { readCookie } from '@mesura/datalayer';
import { VISITOR_ID_BYTES, formatVisitorId, isVisitorId } from '@mesura/protocol';
import { VISITOR_COOKIE_MAX_AGE_S, VISITOR_COOKIE_NAME } from './constants.js';

export interface CookieJar {
  get(): string;
  set(cookie: string): void;
}

/**
 * The library's own fallback visitor id (`fid`): two 16-digit hex halves, kept in a first-party
 * cookie. Read first; created only when sending is allowed.
 */
export function visitorId(jar: CookieJar, random: (bytes: Uint8Array) => Uint8Array): string {
  const existing = readCookie(jar.get(), VISITOR_COOKIE_NAME);
  if (isVisitorId(existing)) return existing;
  const id = formatVisitorId(random(new Uint8Array(VISITOR_ID_BYTES)));
  jar.set(`${VISITOR_COOKIE_NAME}=${id}; Max-Age=${VISITOR_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`);
  return id;
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
}
