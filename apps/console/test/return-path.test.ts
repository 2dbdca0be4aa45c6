import { describe, expect, it } from 'vitest';
import { pathReturningTo, safeReturnPath } from '../src/session/return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/consola/', '/'],
    ['/consola', '/'],
    ['/consola/claus-api/', '/claus-api/'],
    ['/consola/?from=2026-11-01&to=2026-11-07', '/?from=2026-11-01&to=2026-11-07'],
    ['/consola/claus-api/#nova', '/claus-api/#nova'],
  ])('goes back to the console page %s', (torna, expected) => {
    expect(safeReturnPath(torna)).toBe(expected);
  });

  it.each([
    ['no value', null],
    ['an empty value', ''],
    ['another origin', 'https://evil.example/consola/'],
    ['a scheme-relative URL', '//evil.example/consola/'],
    ['a backslash read as a slash', '/\\evil.example/consola/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a site page outside the console', '/noticia/1001/'],
    ['the API', '/api/export/events'],
    ['a path that only starts like the console', '/consolaX/'],
    ['dot segments out of the console', '/consola/../api/export/events'],
    ['encoded dot segments out of the console', '/consola/%2e%2e/api/me'],
    ['a control character', '/consola/\n//evil.example'],
    ['a relative path', 'consola/'],
    ['an empty segment inside the console that reads as a host', '/consola//evil.example/'],
    ['dot segments leaving an empty segment inside the console', '/consola/x/..//evil.example/'],
  ])('sends %s to the console home', (_name, torna) => {
    expect(safeReturnPath(torna)).toBe('/');
  });

  it('does not go back to the login page itself', () => {
    expect(safeReturnPath('/consola/entrar/?torna=%2Fconsola%2F')).toBe('/');
    expect(safeReturnPath('/consola/entrar')).toBe('/');
  });
});

describe('pathReturningTo', () => {
  it('names the page being left, query included, as a /consola/ path', () => {
    expect(pathReturningTo('/entrar/', { pathname: '/claus-api/', search: '?x=1' })).toBe('/entrar/?torna=%2Fconsola%2Fclaus-api%2F%3Fx%3D1');
  });

  it('gives a value that safeReturnPath reads back to the same page', () => {
    const from = { pathname: '/', search: '?from=2026-11-01&to=2026-11-07' };
    const torna = new URLSearchParams(pathReturningTo('/entrar/', from).split('?')[1]).get('torna');
    expect(safeReturnPath(torna)).toBe('/?from=2026-11-01&to=2026-11-07');
  });
});
