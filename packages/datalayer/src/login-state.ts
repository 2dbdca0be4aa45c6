import { LOGGED_IN_STATE, LOGGED_OUT_STATE } from './constants.js';
import { fieldOf, textOf } from './raw-value.js';
import { cookieSaysLoggedIn } from './session-cookie.js';
import type { UserData } from './user-data.js';

/**
 * The tracked login state (§4 "Login", §6).
 * - `'logat'`: the page has a login module and the user-state cookie says the user is logged in.
 * - `'no logat'`: anything else; the visitor is anonymous.
 */
export type LoginState = typeof LOGGED_IN_STATE | typeof LOGGED_OUT_STATE;

/**
 * §3 "Login status comes from a login module type and a session cookie holding the user state".
 * The login module type is `user.userLogin`; without one (absent or blank) the page has no login
 * module and a leftover cookie must not count, so both are required. `cookies` is the page's
 * `document.cookie` string; the cookie contract is in session-cookie.ts and the README.
 */
export function loginState(user: Partial<UserData> | undefined, cookies: string | undefined): LoginState {
  const loginModule = textOf(fieldOf(user, 'userLogin'));
  if (loginModule === undefined) return LOGGED_OUT_STATE;
  return cookieSaysLoggedIn(cookies) ? LOGGED_IN_STATE : LOGGED_OUT_STATE;
}
