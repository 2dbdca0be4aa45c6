import { OPT_IN_MAX_AGE_S, OPT_OUT_TTL_S, PRIVACY_COOKIE_NAME } from './constants.js';
import { readCookie, writeCookie, type CookieJar } from './cookie-jar.js';

/**
 * The visitor's privacy status (§4 "Privacy status: unknown, then opt-in or opt-out").
 * - `unknown`: no choice remembered (never made, or expired).
 * - `opted-in`: the visitor chose to be measured; remembered for OPT_IN_MAX_AGE_S.
 * - `opted-out`: nothing may be written or sent; remembered for OPT_OUT_TTL_S.
 */
export type PrivacyStatus = 'unknown' | 'opted-in' | 'opted-out';

const OUT = 'out';
const IN = 'in';

export function privacyStatus(jar: CookieJar): PrivacyStatus {
  const value = readCookie(jar, PRIVACY_COOKIE_NAME);
  return value === OUT ? 'opted-out' : value === IN ? 'opted-in' : 'unknown';
}

/**
 * `privacyStatus(jar) === 'opted-out'`, for a bundle that needs no more: the personalisation
 * client, whose 8 KB budget the status names would take bytes from.
 */
export const isOptedOut = (jar: CookieJar): boolean => readCookie(jar, PRIVACY_COOKIE_NAME) === OUT;

/** One cookie holds either choice, so a later choice replaces an earlier one. */
export function rememberPrivacy(jar: CookieJar, optedIn: boolean, secure: boolean): void {
  if (optedIn) writeCookie(jar, PRIVACY_COOKIE_NAME, IN, OPT_IN_MAX_AGE_S, secure);
  else writeCookie(jar, PRIVACY_COOKIE_NAME, OUT, OPT_OUT_TTL_S, secure);
}
