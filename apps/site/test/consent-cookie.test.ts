import { describe, expect, it } from 'vitest';
import { consentCookie, readCookie } from '../src/consent/consent-cookie';

describe('readCookie', () => {
  it('finds the named cookie among others', () => {
    expect(readCookie('a=1; euconsent-v2=CQabc.IAAA; b=2', 'euconsent-v2')).toBe('CQabc.IAAA');
  });

  it('is undefined when the cookie is absent or there are no cookies', () => {
    expect(readCookie('a=1; b=2', 'euconsent-v2')).toBeUndefined();
    expect(readCookie('', 'euconsent-v2')).toBeUndefined();
  });

  it('does not match a cookie whose name only ends with the name', () => {
    expect(readCookie('xeuconsent-v2=1', 'euconsent-v2')).toBeUndefined();
  });

  it('takes the first of two cookies with the same name', () => {
    expect(readCookie('euconsent-v2=first; euconsent-v2=second', 'euconsent-v2')).toBe('first');
  });

  it('percent-decodes the value and keeps a malformed escape as it is', () => {
    expect(readCookie('euconsent-v2=a%20b', 'euconsent-v2')).toBe('a b');
    expect(readCookie('euconsent-v2=%E0%A4%A', 'euconsent-v2')).toBe('%E0%A4%A');
  });

  it('reads an empty value as empty, which the consent state treats as no choice', () => {
    expect(readCookie('euconsent-v2=', 'euconsent-v2')).toBe('');
  });
});

describe('consentCookie', () => {
  it('writes a first-party cookie for the whole site that lasts 13 months', () => {
    expect(consentCookie('CQabc', { secure: false })).toBe('euconsent-v2=CQabc; Max-Age=33696000; Path=/; SameSite=Lax');
  });

  it('adds Secure on https', () => {
    expect(consentCookie('CQabc', { secure: true })).toBe('euconsent-v2=CQabc; Max-Age=33696000; Path=/; SameSite=Lax; Secure');
  });
});
