import { describe, expect, it } from 'vitest';
import { LOGGED_IN_STATE, LOGGED_OUT_STATE, LOGIN_COOKIE_NAME, loginState, readDataLayer } from '@mesura/datalayer';
import { FIXED_NOW, LOGGED_IN_COOKIE } from './helpers/fixtures.js';

const SSO = { userLogin: 'sso' };

/** A `document.cookie` string carrying the user-state cookie with `value` written as is. */
function withUserCookie(value: string): string {
  return `a=1; ${LOGIN_COOKIE_NAME}=${value}; b=2`;
}

describe('loginState', () => {
  it("the tracked values are 'logat' and 'no logat' (§4)", () => {
    expect(LOGGED_IN_STATE).toBe('logat');
    expect(LOGGED_OUT_STATE).toBe('no logat');
  });

  it('is logged in with a login module and a cookie saying so (§3, §4)', () => {
    expect(loginState(SSO, LOGGED_IN_COOKIE)).toBe('logat');
  });

  it('is logged out without a login module, whatever the cookie says (§3)', () => {
    expect(loginState(undefined, LOGGED_IN_COOKIE)).toBe('no logat');
    expect(loginState({}, LOGGED_IN_COOKIE)).toBe('no logat');
    expect(loginState({ userLogin: '  ' }, LOGGED_IN_COOKIE)).toBe('no logat');
  });

  it('is logged out without the user-state cookie (§3)', () => {
    expect(loginState(SSO, undefined)).toBe('no logat');
    expect(loginState(SSO, '')).toBe('no logat');
    expect(loginState(SSO, 'mesura_usuari_old=%7B%22logat%22%3Atrue%7D')).toBe('no logat');
  });

  it('is logged out when the cookie says the user is not logged in (§3)', () => {
    expect(loginState(SSO, withUserCookie(encodeURIComponent('{"logat":false}')))).toBe('no logat');
    expect(loginState(SSO, withUserCookie(encodeURIComponent('{"logat":"true"}')))).toBe('no logat');
    expect(loginState(SSO, withUserCookie(encodeURIComponent('{}')))).toBe('no logat');
  });

  it('is logged out when the cookie cannot be read (§3)', () => {
    expect(loginState(SSO, withUserCookie('%E0%A4%A'))).toBe('no logat');
    expect(loginState(SSO, withUserCookie('logat'))).toBe('no logat');
    expect(loginState(SSO, withUserCookie(encodeURIComponent('[true]')))).toBe('no logat');
    expect(loginState(SSO, withUserCookie(encodeURIComponent('null')))).toBe('no logat');
  });

  it('reads a cookie value that is not percent-encoded or is quoted (§3)', () => {
    expect(loginState(SSO, withUserCookie('{"logat":true}'))).toBe('logat');
    expect(loginState(SSO, withUserCookie('"%7B%22logat%22%3Atrue%7D"'))).toBe('logat');
  });

  it('takes the first of two cookies with the same name (§3)', () => {
    const cookies = `${LOGIN_COOKIE_NAME}=%7B%22logat%22%3Afalse%7D; ${LOGIN_COOKIE_NAME}=%7B%22logat%22%3Atrue%7D`;
    expect(loginState(SSO, cookies)).toBe('no logat');
  });
});

describe('readDataLayer: login state', () => {
  it('derives the login state from user.userLogin and the cookies option (§3)', () => {
    const resolved = readDataLayer({ user: SSO }, { now: FIXED_NOW, cookies: LOGGED_IN_COOKIE });
    expect(resolved.derived.loginState).toBe('logat');
    expect(resolved.derived.loggedIn).toBe(true);
  });

  it('is logged out when no cookies are passed (§3)', () => {
    const resolved = readDataLayer({ user: SSO }, { now: FIXED_NOW });
    expect(resolved.derived.loginState).toBe('no logat');
    expect(resolved.derived.loggedIn).toBe(false);
  });
});
