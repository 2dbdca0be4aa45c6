import { VISITOR_COOKIE_MAX_AGE_S, VISITOR_COOKIE_NAME, VISITOR_ID_HALF_BYTES } from './constants.js';
import { readCookie, writeCookie, type CookieJar } from './cookie-jar.js';

/** Fills `bytes` with random values, as `crypto.getRandomValues` does. */
export type RandomSource = (bytes: Uint8Array) => Uint8Array;

const VISITOR_ID = /^[0-9A-F]{16}-[0-9A-F]{16}$/;

/** Whether `value` has the visitor-id format: two halves of 16 upper-case hex digits. */
export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && VISITOR_ID.test(value);
}

/** A new random 128-bit visitor id. */
export function newVisitorId(random: RandomSource): string {
  const half = () => Array.from(random(new Uint8Array(VISITOR_ID_HALF_BYTES)), hexByte).join('').toUpperCase();
  return `${half()}-${half()}`;
}

/** The id in the first-party cookie; a value of another format counts as none. */
export function readVisitorId(jar: CookieJar): string | undefined {
  const value = readCookie(jar, VISITOR_COOKIE_NAME);
  return isVisitorId(value) ? value : undefined;
}

export function writeVisitorId(jar: CookieJar, id: string, secure: boolean): void {
  writeCookie(jar, VISITOR_COOKIE_NAME, id, VISITOR_COOKIE_MAX_AGE_S, secure);
}

function hexByte(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}
