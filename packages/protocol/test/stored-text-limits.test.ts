import { describe, expect, it } from 'vitest';
import { MAX_HEARTBEAT_META_ENTRIES, MAX_HEARTBEAT_VALUE_CHARS, MAX_USER_AGENT_CHARS, decodeBeaconQuery, decodeHeartbeatQuery, encodeHeartbeatQuery, storedUserAgent } from '@mesura/protocol';
import { PLAIN_HEARTBEAT } from './helpers/heartbeats.js';
import { validQueryWith } from '@mesura/test-utils';

function heartbeatQuery(extra = ''): string {
  return encodeHeartbeatQuery(PLAIN_HEARTBEAT) + extra;
}

/** The query with one key's value replaced (the key must be in it). */
function withValue(query: string, key: string, value: string): string {
  return query.replace(new RegExp(`(^|&)${key}=[^&]*`), `$1${key}=${value}`);
}

describe('stored text of beacons', () => {
  it('removes control characters from every value, line breaks and tabs included', () => {
    const result = decodeBeaconQuery(validQueryWith('pageName=a%00b%0Ac%09d%7Fe%C2%85f', 'c.', 'k%01ey=v%1Fal', '.c'));
    expect(result.ok && result.value.hit.pageName).toBe('abcdef');
    expect(result.ok && result.value.hit.contextData).toEqual({ key: 'val' });
  });

  it.each([
    ['invalid UTF-8', 'pageName=%FF%FE', "invalid UTF-8 or malformed percent-escape in 'pageName'"],
    ['an encoded surrogate half', 'pageName=%ED%A0%BD', "invalid UTF-8 or malformed percent-escape in 'pageName'"],
    ['a malformed escape', 'pageName=100%', "invalid UTF-8 or malformed percent-escape in 'pageName'"],
    ['a replacement character sent as such', 'pageName=a%EF%BF%BD', "invalid UTF-8 or malformed percent-escape in 'pageName'"],
  ])('refuses %s', (_, param, reason) => {
    expect(decodeBeaconQuery(validQueryWith(param))).toEqual({ ok: false, reason });
  });

  it.each([
    ['escapes in lower case', 'pageName=a%7fb%c2%85c%1fd', 'abcd'],
    ['control characters sent unescaped', 'pageName=a\u0000b\u0085c\u007fd', 'abcd'],
    ['a key with an escaped control character', 'page%00Name=a', 'a'],
  ])('removes control characters from %s', (_, param, pageName) => {
    const result = decodeBeaconQuery(validQueryWith(param));
    expect(result.ok && result.value.hit.pageName).toBe(pageName);
  });

  it('keeps a no-break space (U+00A0), which is not a control character, and a sent + as a space', () => {
    const result = decodeBeaconQuery(validQueryWith('pageName=a%C2%A0b+c'));
    expect(result.ok && result.value.hit.pageName).toBe('a\u00a0b c');
  });

  it.each([
    ['sent unescaped', 'pageName=a\ufffd'],
    ['escaped in lower case', 'pageName=a%ef%bf%bd'],
  ])('refuses a replacement character %s', (_, param) => {
    expect(decodeBeaconQuery(validQueryWith(param))).toEqual({ ok: false, reason: "invalid UTF-8 or malformed percent-escape in 'pageName'" });
  });

  it('names the first malformed escape of the query before an earlier replacement character', () => {
    expect(decodeBeaconQuery(validQueryWith('pageName=%EF%BF%BD', 'ch=%E2%82'))).toEqual({
      ok: false,
      reason: "invalid UTF-8 or malformed percent-escape in 'ch'",
    });
  });

  it('refuses invalid text in a form body read as URLSearchParams too', () => {
    const result = decodeBeaconQuery(new URLSearchParams(validQueryWith('pageName=%FF')));
    expect(result).toEqual({ ok: false, reason: "invalid UTF-8 or malformed percent-escape in 'pageName'" });
  });

  it('keeps accented letters and emoji', () => {
    const result = decodeBeaconQuery(validQueryWith(`pageName=${encodeURIComponent('Notícies 😀')}`));
    expect(result.ok && result.value.hit.pageName).toBe('Notícies 😀');
  });
});

describe('stored user agent', () => {
  it(`is cut at ${MAX_USER_AGENT_CHARS} characters, without control characters`, () => {
    expect(storedUserAgent(`Mozilla\u0000/5.0 ${'x'.repeat(1000)}`)).toHaveLength(MAX_USER_AGENT_CHARS);
    expect(storedUserAgent('Mozilla/5.0\r\n(X11)')).toBe('Mozilla/5.0(X11)');
    expect(storedUserAgent(undefined)).toBeUndefined();
  });
});

describe('heartbeat numbers and text', () => {
  it('decodes the valid heartbeat the cases below change', () => {
    expect(decodeHeartbeatQuery(heartbeatQuery()).ok).toBe(true);
  });

  it.each([
    ['l:event:duration', '-1', "malformed l:event:duration '-1': expected at least 0"],
    ['l:event:ts', '9999999999999999', "malformed l:event:ts '9999999999999999': past the largest safe integer"],
    ['l:event:prev_ts', '-2', "malformed l:event:prev_ts '-2': expected at least -1"],
    ['l:event:duration', 'NaN', "malformed l:event:duration 'NaN': expected a whole number"],
    ['l:event:playhead', 'Infinity', "malformed l:event:playhead 'Infinity': expected a whole number"],
    ['l:event:playhead', '1e308', "malformed l:event:playhead '1e308': expected a whole number"],
  ])('refuses %s=%s', (key, value, reason) => {
    expect(decodeHeartbeatQuery(withValue(heartbeatQuery(), key, value))).toEqual({ ok: false, reason });
  });

  it('accepts a negative playhead and length, which the commercial library sends as the page gave them (RULES.md rules 20, 35)', () => {
    const query = withValue(withValue(heartbeatQuery(), 'l:event:playhead', '-30'), 'l:asset:length', '-30');
    const result = decodeHeartbeatQuery(query);
    expect(result.ok && [result.value.event.playhead, result.value.asset.length]).toEqual([-30, -30]);
  });

  it('accepts the largest safe integer and -1 as "no previous" timestamp', () => {
    const query = withValue(withValue(heartbeatQuery(), 'l:event:duration', String(Number.MAX_SAFE_INTEGER)), 'l:event:prev_ts', '-1');
    const result = decodeHeartbeatQuery(query);
    expect(result.ok && [result.value.event.duration, result.value.event.prevTs]).toEqual([Number.MAX_SAFE_INTEGER, -1]);
  });

  it(`refuses a text value over ${MAX_HEARTBEAT_VALUE_CHARS} characters and more than ${MAX_HEARTBEAT_META_ENTRIES} metadata entries`, () => {
    const long = decodeHeartbeatQuery(withValue(heartbeatQuery(), 's:asset:name', 'x'.repeat(MAX_HEARTBEAT_VALUE_CHARS + 1)));
    expect(long).toEqual({ ok: false, reason: `s:asset:name has ${MAX_HEARTBEAT_VALUE_CHARS + 1} characters: at most ${MAX_HEARTBEAT_VALUE_CHARS}` });
    const meta = Array.from({ length: MAX_HEARTBEAT_META_ENTRIES + 1 }, (_, i) => `&s:meta:k${i}=v`).join('');
    expect(decodeHeartbeatQuery(heartbeatQuery(meta))).toEqual({ ok: false, reason: `too many s:meta entries in heartbeat: at most ${MAX_HEARTBEAT_META_ENTRIES}` });
  });

  it('keeps a metadata key named __proto__ as data, and removes control characters from text', () => {
    const result = decodeHeartbeatQuery(withValue(heartbeatQuery('&s:meta:__proto__=x'), 's:asset:name', 'a%00b%0A'));
    expect(result.ok && Object.getPrototypeOf(result.value.meta)).toBe(Object.prototype);
    expect(result.ok && Object.keys(result.value.meta)).toEqual(['__proto__']);
    expect(result.ok && result.value.asset.name).toBe('ab');
  });

  it('refuses invalid UTF-8 in a heartbeat', () => {
    expect(decodeHeartbeatQuery(heartbeatQuery('&s:meta:bad=%ED%A0%BD%FF'))).toEqual({
      ok: false,
      reason: "invalid UTF-8 or malformed percent-escape in 's:meta:bad'",
    });
  });
});
