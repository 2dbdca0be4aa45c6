import { describe, expect, it } from 'vitest';
import { safeReturnPath, signedInVisitorId } from '../src/account/visitor-session';

describe("the visitor's login state in the page", () => {
  it('is the id of the readable state cookie when it says logged in, and nothing otherwise', () => {
    const state = (value: object) => `a=1; mesura_usuari=${encodeURIComponent(JSON.stringify(value))}; b=2`;
    expect(signedInVisitorId(state({ logat: true, id: 'v-1' }))).toBe('v-1');
    expect(signedInVisitorId(state({ logat: false, id: 'v-1' }))).toBeUndefined();
    expect(signedInVisitorId('mesura_usuari=%7Bno-json')).toBeUndefined();
    expect(signedInVisitorId('')).toBeUndefined();
  });

  it('goes back after signing in only to a path of this site', () => {
    expect(safeReturnPath('/noticia/1001/x/')).toBe('/noticia/1001/x/');
    for (const unsafe of ['https://evil.example/', '//evil.example/', '/\\evil.example', null, 'javascript:alert(1)']) expect(safeReturnPath(unsafe)).toBe('/');
  });
});
