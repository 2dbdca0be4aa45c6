import { describe, expect, it } from 'vitest';
import { MAX_HEARTBEAT_VALUE_CHARS, decodeHeartbeatQuery, encodeHeartbeatQuery, heartbeatReasons, type Heartbeat } from '@mesura/protocol';
import { PLAIN_HEARTBEAT } from './helpers/heartbeats.js';

const QUERY = encodeHeartbeatQuery(PLAIN_HEARTBEAT);
const AD = { id: 'ad-1', sid: 'S-2', podId: 'p_1', podPosition: 1, podOffset: 0, length: 15 };
const CHAPTER = { id: 'c_1', sid: 'S-3', position: 1, length: 60, offset: 0 };
const oversized = 'x'.repeat(MAX_HEARTBEAT_VALUE_CHARS + 1);
const tooLong = (key: string) => heartbeatReasons.oversizedHeartbeatValue(key, MAX_HEARTBEAT_VALUE_CHARS + 1);

function decodeWith(extra: string): ReturnType<typeof decodeHeartbeatQuery> {
  return decodeHeartbeatQuery(`${QUERY}&${extra}`);
}

describe('decodeHeartbeatQuery: the decoded object', () => {
  it('has no undefined members, and its members in the order the encoder writes them', () => {
    const decoded = decodeHeartbeatQuery(encodeHeartbeatQuery({ ...PLAIN_HEARTBEAT, visitorId: undefined }));
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(Object.keys(decoded.value)).toEqual(['analytics', 'serviceProvider', 'event', 'asset', 'stream', 'meta']);
    expect(Object.keys(decoded.value.asset)).toEqual(['type', 'name', 'videoId', 'publisher', 'length']);
    expect(Object.keys(decoded.value.stream)).toEqual(['type', 'qos']);
    expect(Object.keys(decoded.value.event)).toEqual(['sessionId', 'type', 'duration', 'playhead', 'ts', 'prevTs']);
  });

  it('places an ad last in the asset and a chapter last in the stream, the customer ids after the visitor id', () => {
    const heartbeat: Heartbeat = {
      ...PLAIN_HEARTBEAT,
      customerIds: { idUsuari: { id: 'u-1', authState: 1 } },
      asset: { ...PLAIN_HEARTBEAT.asset, type: 'ad', ad: AD },
      stream: { ...PLAIN_HEARTBEAT.stream, chapter: CHAPTER },
      consent: { gdprApplies: false },
    };
    const decoded = decodeHeartbeatQuery(encodeHeartbeatQuery(heartbeat));
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(decoded.value).toEqual(heartbeat);
    expect(Object.keys(decoded.value)).toEqual(['analytics', 'visitorId', 'customerIds', 'serviceProvider', 'event', 'asset', 'stream', 'meta', 'consent']);
    expect(Object.keys(decoded.value.asset).at(-1)).toBe('ad');
    expect(Object.keys(decoded.value.stream)).toEqual(['type', 'qos', 'chapter']);
  });
});

describe('decodeHeartbeatQuery: ad and chapter', () => {
  it('ignores the fields of an ad or chapter whose id was not sent or is empty, even malformed ones', () => {
    const decoded = decodeWith('s:asset:ad_id=&l:asset:ad_length=x&s:asset:ad_name=Ad&l:stream:chapter_pos=-5');
    expect(decoded.ok && 'ad' in decoded.value.asset).toBe(false);
    expect(decoded.ok && 'chapter' in decoded.value.stream).toBe(false);
  });

  it('reads them, with their fallbacks, once the id is there', () => {
    const decoded = decodeWith('s:asset:ad_id=ad-1&s:stream:chapter_id=c_1');
    expect(decoded.ok && decoded.value.asset.ad).toEqual({ id: 'ad-1', sid: '', podId: '', podPosition: 0, podOffset: 0, length: 0 });
    expect(decoded.ok && decoded.value.stream.chapter).toEqual({ id: 'c_1', sid: '', position: 0, length: 0, offset: 0 });
  });

  it('refuses a malformed field of an open ad', () => {
    expect(decodeWith('s:asset:ad_id=ad-1&l:asset:ad_length=x')).toEqual({ ok: false, reason: heartbeatReasons.malformedHeartbeatLong('l:asset:ad_length', 'x') });
  });

  it('refuses an oversized id at its group, in table order with the other fields', () => {
    // The ad comes before the QoS fields, the chapter after them.
    const badBitrate = QUERY.replace('l:stream:bitrate=2500000', 'l:stream:bitrate=fast');
    expect(decodeHeartbeatQuery(`${badBitrate}&s:asset:ad_id=${oversized}`)).toEqual({ ok: false, reason: tooLong('s:asset:ad_id') });
    expect(decodeHeartbeatQuery(`${badBitrate}&s:stream:chapter_id=${oversized}`)).toEqual({
      ok: false,
      reason: heartbeatReasons.malformedHeartbeatLong('l:stream:bitrate', 'fast'),
    });
    expect(decodeWith(`s:stream:chapter_id=${oversized}`)).toEqual({ ok: false, reason: tooLong('s:stream:chapter_id') });
  });
});

describe('decodeHeartbeatQuery: keys sent twice', () => {
  it.each(['s:meta:show=a&s:meta:show=b', 's:aam:blob=a&s:aam:blob=a', 'gdpr=1&gdpr=1', 's:cuser:customer_user_ids_x.id=a&s:cuser:customer_user_ids_x.id=b'])(
    'refuses %s, a key the heartbeat does not read as a field',
    (extra) => {
      expect(decodeWith(extra)).toEqual({ ok: false, reason: heartbeatReasons.duplicateHeartbeatKey(extra.slice(0, extra.indexOf('='))) });
    },
  );

  it('names the first key sent again, before any fault of a field', () => {
    const query = `s:event:type=stop&${QUERY.replace('s:event:type=play&', '')}&s:aam:blob=1&s:sc:rsid=again&s:aam:blob=2`;
    expect(decodeHeartbeatQuery(query)).toEqual({ ok: false, reason: heartbeatReasons.duplicateHeartbeatKey('s:sc:rsid') });
  });

  it('counts a key that differs only by control characters as the same key', () => {
    expect(decodeWith('s:event:t%00ype=pause')).toEqual({ ok: false, reason: heartbeatReasons.duplicateHeartbeatKey('s:event:type') });
  });
});

describe('decodeHeartbeatQuery: text of the query', () => {
  const invalid = (key: string) => ({ ok: false, reason: `invalid UTF-8 or malformed percent-escape in '${key}'` });

  it('refuses a malformed escape anywhere before a U+FFFD earlier in the query, and both before a key sent twice', () => {
    expect(decodeWith('s:meta:a=%EF%BF%BD&s:meta:b=100%')).toEqual(invalid('s:meta:b'));
    expect(decodeWith('s:meta:a=%ED%A0%BD&s:meta:b=%FF')).toEqual(invalid('s:meta:a'));
    expect(decodeWith('s:sc:rsid=again&s:meta:b=%C3')).toEqual(invalid('s:meta:b'));
    expect(decodeWith('s:sc:rsid=again&s:meta:b=%EF%BF%BD')).toEqual(invalid('s:meta:b'));
  });

  it('names a torn escape in a key by the key as sent', () => {
    expect(decodeWith('s:meta:%E2%82=1')).toEqual(invalid('s:meta:%E2%82'));
  });

  it('reads escaped keys and values, and a leading ?', () => {
    const decoded = decodeHeartbeatQuery(`?${QUERY.replace('s:asset:name=V%C3%ADdeo', 's%3Aasset%3Aname=V%C3%ADdeo+2')}`);
    expect(decoded.ok && decoded.value.asset.name).toBe('Vídeo 2');
  });
});

describe('decodeHeartbeatQuery: metadata', () => {
  it('keeps keys named as members of Object.prototype as data, in the order sent', () => {
    const decoded = decodeWith('s:meta:constructor=c&s:meta:__proto__=p&s:meta:toString=t&s:meta:=empty-name&s:meta:skipped=');
    expect(decoded.ok && Object.entries(decoded.value.meta)).toEqual([
      ['constructor', 'c'],
      ['__proto__', 'p'],
      ['toString', 't'],
      ['', 'empty-name'],
    ]);
  });

  it('refuses an oversized value after the fields and the customer ids are read', () => {
    expect(decodeWith(`s:meta:show=${oversized}`)).toEqual({ ok: false, reason: tooLong('s:meta:show') });
    expect(decodeWith(`s:meta:show=${oversized}&l:cuser:customer_user_ids_x.authState=y&s:cuser:customer_user_ids_x.id=u`)).toEqual({
      ok: false,
      reason: heartbeatReasons.malformedHeartbeatLong('l:cuser:customer_user_ids_x.authState', 'y'),
    });
  });

  it('refuses an oversized consent value after the metadata', () => {
    expect(decodeWith(`gdpr_consent=${oversized}&s:meta:show=${oversized}`)).toEqual({ ok: false, reason: tooLong('s:meta:show') });
    expect(decodeWith(`gdpr_consent=${oversized}`)).toEqual({ ok: false, reason: tooLong('gdpr_consent') });
  });
});

describe('decodeHeartbeatQuery: customer ids', () => {
  const id = (code: string, value: string, type = 's') => `${type}:cuser:customer_user_ids_${code}.id=${value}`;
  const state = (code: string, value: string) => `l:cuser:customer_user_ids_${code}.authState=${value}`;

  it('has no customerIds member when none was sent', () => {
    const decoded = decodeWith(state('x', '1'));
    expect(decoded.ok && 'customerIds' in decoded.value).toBe(false);
  });

  it('reads each id with its state; a state other than 1 or 2 is 0, an empty id is kept empty', () => {
    const decoded = decodeWith([id('b', 'u-2'), state('b', '7'), id('a', 'u-1'), state('a', '2'), id('c.d', ''), id('l', 'u-3', 'l')].join('&'));
    expect(decoded.ok && decoded.value.customerIds).toEqual({ b: { id: 'u-2', authState: 0 }, a: { id: 'u-1', authState: 2 }, 'c.d': { id: '', authState: 0 }, l: { id: 'u-3', authState: 0 } });
    expect(decoded.ok && Object.keys(decoded.value.customerIds ?? {})).toEqual(['b', 'a', 'c.d', 'l']);
  });

  it('refuses a malformed or negative state and an oversized id', () => {
    expect(decodeWith(`${id('a', 'u')}&${state('a', '-1')}`)).toEqual({ ok: false, reason: heartbeatReasons.negativeHeartbeatLong('l:cuser:customer_user_ids_a.authState', '-1', 0) });
    expect(decodeWith(`${id('a', oversized)}`)).toEqual({ ok: false, reason: tooLong('s:cuser:customer_user_ids_a.id') });
  });

  it('checks a code named __proto__ and then leaves it out, as it always has', () => {
    expect(decodeWith(`${id('__proto__', 'u')}&${state('__proto__', 'x')}`)).toEqual({
      ok: false,
      reason: heartbeatReasons.malformedHeartbeatLong('l:cuser:customer_user_ids___proto__.authState', 'x'),
    });
    const alone = decodeWith(id('__proto__', 'u'));
    expect(alone.ok && 'customerIds' in alone.value).toBe(false);
    const withOther = decodeWith(`${id('__proto__', 'u')}&${id('a', 'v')}`);
    expect(withOther.ok && withOther.value.customerIds).toEqual({ a: { id: 'v', authState: 0 } });
    expect(withOther.ok && Object.getPrototypeOf(withOther.value.customerIds)).toBe(Object.prototype);
  });
});
