import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath } from '../src/account/visitor-session';

// Where a visitor lands after signing in (/entrar/?torna=…): back on the page they came from,
// never on another site and never on the sign-in page again.

describe('the page to go back to after signing in', () => {
  it('is never another site, however the browser would read the path', () => {
    // The browser drops tabs and newlines and reads '\' as '/': each of these leaves the site.
    for (const offSite of ['/\t/evil.example/', '/\n/evil.example/', '/\\evil.example/', '\\/evil.example/', '//evil.example/', '/\r/evil.example']) {
      expect(safeReturnPath(offSite), JSON.stringify(offSite)).toBe('/');
    }
  });

  it('is never another site once dot segments and empty segments are resolved', () => {
    // Each resolves, on this origin, to a path that starts with '//': given to location.assign, another host.
    for (const offSite of ['/x/..//evil.example/', '/x/%2e%2e//evil.example/', '/.//evil.example/', '/x/%2E%2E//evil.example/', '/x\\..\\\\evil.example/', '/a/b/../..//evil.example/?q=1']) {
      expect(safeReturnPath(offSite), JSON.stringify(offSite)).toBe('/');
    }
  });

  it('keeps the query and fragment of a page of the site', () => {
    expect(safeReturnPath('/cercador/?q=llei#resultats')).toBe('/cercador/?q=llei#resultats');
  });

  it('is not the sign-in page, but the page the sign-in page was to go back to', () => {
    expect(safeReturnPath('/entrar/')).toBe('/');
    expect(safeReturnPath('/entrar')).toBe('/');
    expect(safeReturnPath('/entrar/?torna=%2Fnoticies%2F')).toBe('/noticies/');
    expect(safeReturnPath('/entrar/?torna=%2Fentrar%2F%3Ftorna%3D%252Fdirectes%252F')).toBe('/directes/');
    expect(safeReturnPath('/entrar/?torna=%2F%2Fevil.example%2F')).toBe('/');
  });
});

describe("the header's and the buttons' way to the sign-in page", () => {
  it('names the page to come back to', () => {
    expect(loginPath('/noticies/', '')).toBe('/entrar/?torna=%2Fnoticies%2F');
    expect(loginPath('/cercador/', '?q=llei')).toBe('/entrar/?torna=%2Fcercador%2F%3Fq%3Dllei');
  });

  it('on the sign-in page is that page as it is, so that its own return page is kept', () => {
    expect(loginPath('/entrar/', '?torna=%2Fnoticies%2F')).toBe('/entrar/?torna=%2Fnoticies%2F');
    expect(loginPath('/entrar/', '')).toBe('/entrar/');
  });
});
