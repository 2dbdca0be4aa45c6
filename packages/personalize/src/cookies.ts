/**
 * The client's cookies (spec §9 lifetimes): session id, device id, edge-host override and the
 * disable cookie. The one module that knows cookie syntax; the rest plan writes as data.
 */
import {
  CHECK_COOKIE_NAME,
  DEVICE_COOKIE_NAME,
  DEVICE_ID_LIFETIME_MS,
  DISABLE_COOKIE_DEFAULT_LIFETIME_MS,
  DISABLE_COOKIE_NAME,
  EDGE_HOST_COOKIE_NAME,
  EDGE_HOST_LIFETIME_MS,
  SESSION_COOKIE_NAME,
  SESSION_ID_LIFETIME_MS,
} from './constants.js';
import type { CookieJar } from './deps.js';
import type { DeliveryResponse } from '@mesura/protocol';
import { readCookie as rawCookie } from '@mesura/datalayer';

/** One cookie to write. */
export interface CookieWrite {
  name: string;
  value: string;
  lifetimeMs: number;
}

/** The value of the first cookie called `name`, percent-decoded (the SDK's one cookie parser, shared with /mesura.js's modules). */
export function readCookie(jar: CookieJar, name: string): string | undefined {
  const raw = rawCookie(jar.get(), name);
  try {
    return raw && decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Writes a first-party cookie for the whole site. `Max-Age` is in seconds, rounded up so a
 * lifetime never ends early; SameSite=Lax; Secure on https pages.
 */
export function writeCookie(jar: CookieJar, write: CookieWrite, secure: boolean): void {
  const maxAgeS = Math.ceil(write.lifetimeMs / 1000);
  jar.set(`${write.name}=${encodeURIComponent(write.value)}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`);
}

/**
 * Removes a cookie `writeCookie` wrote: the same name and `Path=/`, no Domain (a cookie is replaced
 * only by one of the same name, path and domain), `Max-Age=0`.
 */
const removeCookie = (jar: CookieJar, name: string) => jar.set(`${name}=; Max-Age=0; Path=/`);

/** §8 "cookies not savable": writes a check cookie, reads it back, removes it. */
export function canSaveCookies(jar: CookieJar, secure: boolean): boolean {
  writeCookie(jar, { name: CHECK_COOKIE_NAME, value: '1', lifetimeMs: 1000 }, secure);
  const saved = readCookie(jar, CHECK_COOKIE_NAME) === '1';
  if (saved) removeCookie(jar, CHECK_COOKIE_NAME);
  return saved;
}

/**
 * Removes what the decision server knows this browser by, once the personalisation vendor's consent
 * is withdrawn: the device id (the profile, kept for years), the session id, and the edge host. The
 * edge host is a routing hint the server chooses, the same for every visitor of this server; but
 * the client cannot tell what an answer put there, and it was stored under the same consent and
 * serves nothing once no request goes, so it goes too. `mboxDisable` stays: a switch, not an id.
 */
export function forgetVisitorCookies(jar: CookieJar): void {
  [SESSION_COOKIE_NAME, DEVICE_COOKIE_NAME, EDGE_HOST_COOKIE_NAME].forEach((name) => removeCookie(jar, name));
}

/** Session id, renewed for SESSION_ID_LIFETIME_MS by each request. */
export function sessionCookie(sessionId: string): CookieWrite {
  return { name: SESSION_COOKIE_NAME, value: sessionId, lifetimeMs: SESSION_ID_LIFETIME_MS };
}

/** The disable cookie, for the server's `duration` or the default day (§9). */
export function disableCookie(durationMs?: number): CookieWrite {
  const lifetimeMs = Number.isFinite(durationMs) && durationMs! > 0 ? durationMs! : DISABLE_COOKIE_DEFAULT_LIFETIME_MS;
  return { name: DISABLE_COOKIE_NAME, value: '1', lifetimeMs };
}

/**
 * What an answer makes the client remember: its session id, its device id (`tntId`), its edge host
 * and, when the server switched delivery off, the disable cookie. Pure; cookies.ts writes them.
 */
export function responseCookies(response: DeliveryResponse): CookieWrite[] {
  const writes: CookieWrite[] = [];
  if (response.sessionId) writes.push(sessionCookie(response.sessionId));
  if (response.tntId) writes.push({ name: DEVICE_COOKIE_NAME, value: response.tntId, lifetimeMs: DEVICE_ID_LIFETIME_MS });
  if (response.edgeHost) writes.push({ name: EDGE_HOST_COOKIE_NAME, value: response.edgeHost, lifetimeMs: EDGE_HOST_LIFETIME_MS });
  if (response.disabled) writes.push(disableCookie(response.disabled.duration));
  return writes;
}
