import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '../src/return-path.js';

describe('sameOriginPath', () => {
  it.each([
    ['/', '/'],
    ['/noticia/1001/x/', '/noticia/1001/x/'],
    ['/cercador/?q=llei#resultats', '/cercador/?q=llei#resultats'],
    ['/a/./b/../c/', '/a/c/'],
    ['/a\\b/', '/a/b/'],
    ['/https://evil.example/', '/https://evil.example/'],
  ])('keeps the path %s of this origin as the browser resolves it', (value, expected) => {
    expect(sameOriginPath(value)).toBe(expected);
  });

  it.each([
    ['no value', null],
    ['an undefined value', undefined],
    ['an empty value', ''],
    ['another origin', 'https://evil.example/'],
    ['another origin over http', 'http://evil.example/'],
    ['a scheme-relative URL', '//evil.example/'],
    ['a backslash read as a slash', '/\\evil.example/'],
    ['two backslashes', '\\\\evil.example/'],
    ['a tab the parser drops', '/\t/evil.example/'],
    ['a newline the parser drops', '/\n/evil.example/'],
    ['a carriage return the parser drops', '/\r/evil.example/'],
    ['dot segments leaving an empty segment', '/x/..//evil.example/'],
    ['encoded dot segments leaving an empty segment', '/x/%2e%2e//evil.example/'],
    ['upper-case encoded dot segments', '/x/%2E%2E//evil.example/'],
    ['a single dot segment', '/.//evil.example/'],
    ['backslashes around dot segments', '/x\\..\\\\evil.example/'],
    ['dot segments above the root', '/../..//evil.example/'],
    ['a query after the empty segment', '/a/b/../..//evil.example/?q=1'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'noticies/'],
    ['leading whitespace before a scheme-relative URL', ' //evil.example/'],
    ['an address with credentials', '//user@evil.example/'],
  ])('refuses %s', (_name, value) => {
    expect(sameOriginPath(value)).toBeUndefined();
  });
});
