import { describe, expect, it } from 'vitest';
import { readDataLayer } from '@mesura/datalayer';
import { userIdentity } from '../src/index.js';

const LOGGED_IN_COOKIE = `mesura_usuari=${encodeURIComponent(JSON.stringify({ logat: true }))}`;

describe('userIdentity (§3 "User")', () => {
  it('gives an authenticated user idUsuari and idBigData as customer ids', () => {
    const data = readDataLayer({ user: { idUsuari: 42, idBigData: 'bd-7', userLogin: 'sso' } }, { cookies: LOGGED_IN_COOKIE });
    expect(userIdentity(data)).toEqual({
      authState: 1,
      userLogin: 'sso',
      customerIds: { idUsuari: { id: '42', authState: 1 }, idBigData: { id: 'bd-7', authState: 1 } },
    });
  });

  it('marks the ids logged out when the page has a login module and no session', () => {
    const data = readDataLayer({ user: { idUsuari: 'u-42', userLogin: 'sso' } });
    expect(userIdentity(data)).toEqual({ authState: 2, userLogin: 'sso', customerIds: { idUsuari: { id: 'u-42', authState: 2 } } });
  });

  it('gives no ids for an anonymous page without a login module (the §5 defaults are no id)', () => {
    expect(userIdentity(readDataLayer({}))).toEqual({ authState: 0, customerIds: {} });
  });
});
