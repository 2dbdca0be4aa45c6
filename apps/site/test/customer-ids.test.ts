// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_STATE_LOGGED_OUT } from '@mesura/protocol';
import { declareCustomerId, declareSignedInVisitor } from '../src/account/customer-ids';

const declared: unknown[] = [];
const snippet = () => ({ q: [], d: [], track: () => undefined, setCustomerIds: (ids: unknown) => void declared.push(ids) });
const stateCookie = (state: object) => `mesura_usuari=${encodeURIComponent(JSON.stringify(state))}`;

afterEach(() => {
  declared.length = 0;
  delete window.mesura;
});

describe('the site’s customer ids (§3)', () => {
  it('declares a signed-in visitor’s idUsuari as authenticated (1)', () => {
    window.mesura = snippet();
    declareSignedInVisitor(`a=b; ${stateCookie({ logat: true, id: 'v-42' })}`);
    expect(declared).toEqual([{ idUsuari: { id: 'v-42', authState: 1 } }]);
  });

  it('declares nothing for a signed-out visitor', () => {
    window.mesura = snippet();
    declareSignedInVisitor(stateCookie({ logat: false, id: 'v-42' }));
    declareSignedInVisitor('');
    expect(declared).toEqual([]);
  });

  it('declares the id logged out (2) at logout', () => {
    window.mesura = snippet();
    declareCustomerId('v-42', AUTH_STATE_LOGGED_OUT);
    expect(declared).toEqual([{ idUsuari: { id: 'v-42', authState: 2 } }]);
  });

  it('does nothing on a page without the snippet, or with one older than setCustomerIds', () => {
    expect(() => declareCustomerId('v-42', AUTH_STATE_LOGGED_OUT)).not.toThrow();
    window.mesura = { track: () => undefined };
    expect(() => declareCustomerId('v-42', AUTH_STATE_LOGGED_OUT)).not.toThrow();
  });
});
