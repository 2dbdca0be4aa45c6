/**
 * A visitor's two cookies. The session (`mesura_visitant`): HttpOnly, the secret only the server
 * can read. The state (`mesura_usuari`, packages/datalayer's login cookie): readable by the page's
 * scripts, it says only that the visitor is logged in and their public id (spec §3 "a session
 * cookie holding the user state"), never the email.
 */
import { LOGIN_COOKIE_LOGGED_IN_KEY, LOGIN_COOKIE_NAME } from '@mesura/datalayer';
import { VISITOR_SESSION_IDLE_MS } from './visitor-limits.js';

export const VISITOR_SESSION_COOKIE = 'mesura_visitant';
const MAX_AGE_S = Math.floor(VISITOR_SESSION_IDLE_MS / 1000);

function attributes(secure: boolean, httpOnly: boolean, maxAgeS: number): string {
  return `Path=/; SameSite=Lax; Max-Age=${maxAgeS}${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`;
}

export function signedInCookies(secret: string, visitorId: string, secure: boolean): string[] {
  const state = encodeURIComponent(JSON.stringify({ [LOGIN_COOKIE_LOGGED_IN_KEY]: true, id: visitorId }));
  return [`${VISITOR_SESSION_COOKIE}=${secret}; ${attributes(secure, true, MAX_AGE_S)}`, `${LOGIN_COOKIE_NAME}=${state}; ${attributes(secure, false, MAX_AGE_S)}`];
}

export function signedOutCookies(secure: boolean): string[] {
  return [`${VISITOR_SESSION_COOKIE}=; ${attributes(secure, true, 0)}`, `${LOGIN_COOKIE_NAME}=; ${attributes(secure, false, 0)}`];
}

/** The session secret of a Cookie header, if it has a well-formed one. */
export function visitorSecretFrom(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === VISITOR_SESSION_COOKIE && value !== undefined && /^[A-Za-z0-9_-]{20,100}$/.test(value)) return value;
  }
  return undefined;
}
