/**
 * The ids a request carries and the events report (spec §9 lifetimes): the session id (made here,
 * renewed by each request), the device id and edge host (given by answers), and the disable cookie.
 * Only called once consent is given: before, nothing is read into being or written, and once it is
 * withdrawn nothing is written again.
 */
import type { DeliveryResponse } from '@mesura/protocol';
import { DEVICE_COOKIE_NAME, DISABLE_COOKIE_NAME, EDGE_HOST_COOKIE_NAME, SESSION_COOKIE_NAME } from './constants.js';
import { disableCookie, readCookie, responseCookies, sessionCookie, writeCookie, type CookieWrite } from './cookies.js';
import type { PersonalizationDeps } from './deps.js';
import type { Tracking } from './events.js';

export interface Session {
  /** The ids as they are now, creating nothing (events' `tracking`). */
  tracking(): Tracking;
  /** The session id, a new one when the cookie has expired; renews the cookie. */
  renewSessionId(): string;
  /** The edge host an answer named (`edgeHost`), while its cookie lasts. */
  edgeHost(): string | undefined;
  disableCookie(): string | undefined;
  /** Remembers what an answer says: session, device, edge host, disabled. */
  remember(response: DeliveryResponse): void;
  /** Writes the disable cookie for `durationMs`, or the default day. */
  disable(durationMs?: number): void;
}

/** The client's cookie jar and ids. */
export type SessionDeps = Pick<PersonalizationDeps, 'cookies' | 'randomId'>;

/**
 * `secure`: cookies get Secure on https pages. `consented`: the personalisation vendor's consent,
 * asked before each write, so that an answer arriving after a withdrawal does not write back the ids
 * the withdrawal erased.
 */
export function createSession(deps: SessionDeps, secure: boolean, consented: () => boolean): Session {
  const { cookies } = deps;
  const read = (name: string) => readCookie(cookies, name) || undefined;
  const write = (cookie: CookieWrite) => void (consented() && writeCookie(cookies, cookie, secure));
  return {
    tracking: () => ({ sessionId: read(SESSION_COOKIE_NAME), deviceId: read(DEVICE_COOKIE_NAME) }),
    renewSessionId() {
      const sessionId = read(SESSION_COOKIE_NAME) ?? deps.randomId();
      write(sessionCookie(sessionId));
      return sessionId;
    },
    edgeHost: () => read(EDGE_HOST_COOKIE_NAME),
    disableCookie: () => readCookie(cookies, DISABLE_COOKIE_NAME),
    remember: (response) => responseCookies(response).forEach(write),
    disable: (durationMs) => write(disableCookie(durationMs)),
  };
}
