/** What the auth hook and the account routes share: the store, the clock, the throttle, the server's origins. */
import type { AccountStore, UserRecord } from '../store/account-store.js';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.js';
import { consoleOrigins } from './origin-check.js';

export interface AuthContext {
  store: AccountStore;
  throttle: LoginThrottle;
  now: () => number;
  /** Origins a cookie-authenticated change may come from. */
  origins: ReadonlySet<string>;
  /** Session cookies get `Secure` (the public URL is https). */
  secureCookies: boolean;
}

export function createAuthContext(store: AccountStore, publicUrl: URL | undefined, siteOrigins: readonly string[], now: () => number): AuthContext {
  return {
    store,
    throttle: createLoginThrottle(now),
    now,
    origins: consoleOrigins(publicUrl, siteOrigins),
    secureCookies: publicUrl?.protocol === 'https:',
  };
}

/** The user behind an authenticated request, and their session's hash when it came with the cookie. */
export interface Authenticated {
  user: UserRecord;
  sessionSecretHash?: string;
}
