import { describe, expect, it } from 'vitest';
import { decodeBeacon, decodeBeaconQuery } from '@mesura/protocol';
import { chars, framedQuery, validQueryWith } from '@mesura/test-utils';

interface RejectionCase {
  name: string;
  query: string;
  reason: string;
}

const T = `t=${encodeURIComponent('22/10/2026 9:59:43 0 0')}`;
const contextEntries = (count: number): string => ['c.', ...Array.from({ length: count }, (_, i) => `k${i}=v`), '.c'].join('&');

const framing: RejectionCase[] = [
  { name: 'an empty query', query: '', reason: 'truncated beacon: AQE=1 must be the last parameter' },
  { name: 'a beacon cut before AQE=1', query: `AQB=1&${T}&fid=A&pageName=x`, reason: 'truncated beacon: AQE=1 must be the last parameter' },
  { name: 'AQE=1 that is not last', query: `AQB=1&${T}&fid=A&AQE=1&pageName=x`, reason: 'truncated beacon: AQE=1 must be the last parameter' },
  { name: 'AQE with another value', query: `AQB=1&${T}&fid=A&AQE=0`, reason: 'truncated beacon: AQE=1 must be the last parameter' },
  { name: 'no AQB=1', query: `${T}&fid=A&AQE=1`, reason: 'missing AQB=1: a beacon starts with AQB=1' },
  { name: 'no visitor id', query: framedQuery(T, 'pageName=x'), reason: 'missing visitor id: send one of mid, fid, aid, vid' },
  { name: 'only empty visitor ids', query: framedQuery(T, 'mid=', 'fid=', 'aid=', 'vid='), reason: 'missing visitor id: send one of mid, fid, aid, vid' },
  { name: 'a known parameter sent twice', query: validQueryWith('pageName=a', 'pageName=b'), reason: 'duplicate parameter pageName' },
  { name: 'a slot sent twice', query: validQueryWith('v1=a', 'v1=b'), reason: 'duplicate parameter v1' },
];

const timestamps: RejectionCase[] = [
  { name: 'no t', query: framedQuery('fid=A'), reason: 'missing timestamp t' },
  { name: 'an empty t', query: framedQuery('t=', 'fid=A'), reason: 'missing timestamp t' },
  { name: 'a t with seven fields', query: framedQuery('t=22%2F10%2F2026%209%3A59%3A43%200', 'fid=A'), reason: "bad timestamp t: expected 8 fields 'D/M/YYYY H:m:s W O', got 7" },
  { name: 'an ISO t', query: framedQuery('t=2026-11-22T09%3A59%3A43Z', 'fid=A'), reason: "bad timestamp t: expected 8 fields 'D/M/YYYY H:m:s W O', got 3" },
  { name: 'a t with month 12', query: framedQuery('t=22%2F12%2F2026%209%3A59%3A43%200%200', 'fid=A'), reason: 'bad timestamp t: month0 12 is out of range 0 to 11' },
  { name: 'a t on 31 February', query: framedQuery('t=31%2F1%2F2026%209%3A59%3A43%200%200', 'fid=A'), reason: 'bad timestamp t: day 31 does not exist in month 1 of 2026 (months count from 0)' },
  { name: 'a t with a word for the hour', query: framedQuery('t=22%2F10%2F2026%20nine%3A59%3A43%200%200', 'fid=A'), reason: "bad timestamp t: hour 'nine' is not an integer" },
];

const events: RejectionCase[] = [
  { name: 'a named event', query: validQueryWith('events=purchase'), reason: "malformed event 'purchase' in events" },
  { name: 'an event number above 1000', query: validQueryWith('events=event1001'), reason: "unknown event 'event1001' in events" },
  { name: 'event0', query: validQueryWith('events=event0'), reason: "unknown event 'event0' in events" },
  { name: 'an event number with a leading zero', query: validQueryWith('events=event01'), reason: "malformed event 'event01' in events" },
  { name: 'a non-numeric value', query: validQueryWith('events=event2%3Dthree'), reason: "malformed event 'event2=three' in events" },
  { name: 'an empty value', query: validQueryWith('events=event2%3D'), reason: "malformed event 'event2=' in events" },
  { name: 'an infinite value', query: validQueryWith('events=event2%3DInfinity'), reason: "malformed event 'event2=Infinity' in events" },
  { name: 'an empty serial', query: validQueryWith('events=event3%3A'), reason: "malformed event 'event3:' in events" },
  { name: 'a serial of 21 characters', query: validQueryWith(`events=event3%3A${chars(21, 'A')}`), reason: `malformed event 'event3:${chars(21, 'A')}' in events` },
  { name: 'a serial with a space', query: validQueryWith('events=event3%3Aab%20cd'), reason: "malformed event 'event3:ab cd' in events" },
  { name: 'a duplicate event', query: validQueryWith('events=event1%2Cevent2%2Cevent1%3D2'), reason: "duplicate event 'event1=2' in events" },
];

const oversized: RejectionCase[] = [
  { name: 'pageName', query: validQueryWith(`pageName=${chars(256)}`), reason: 'oversized pageName: 256 characters, at most 255' },
  { name: 'ch', query: validQueryWith(`ch=${chars(256)}`), reason: 'oversized ch: 256 characters, at most 255' },
  { name: 'a prop', query: validQueryWith(`c75=${chars(256)}`), reason: 'oversized c75: 256 characters, at most 255' },
  { name: 'an eVar', query: validQueryWith(`v0=${chars(256)}`), reason: 'oversized v0: 256 characters, at most 255' },
  { name: 'a hierarchy', query: validQueryWith(`h5=${chars(256)}`), reason: 'oversized h5: 256 characters, at most 255' },
  { name: 'a list variable', query: validQueryWith(`l3=${chars(256)}`), reason: 'oversized l3: 256 characters, at most 255' },
  { name: 'g', query: validQueryWith(`g=${chars(4097)}`), reason: 'oversized g: 4097 characters, at most 4096' },
  { name: 'g joined with its -g continuation', query: validQueryWith(`g=${chars(255)}`, `-g=${chars(3842)}`), reason: 'oversized g: 4097 characters, at most 4096' },
  { name: 'r', query: validQueryWith(`r=${chars(4097)}`), reason: 'oversized r: 4097 characters, at most 4096' },
  { name: 'pev1', query: validQueryWith('pe=lnk_e', `pev1=${chars(4097)}`), reason: 'oversized pev1: 4097 characters, at most 4096' },
  { name: 'pev2', query: validQueryWith('pe=lnk_o', `pev2=${chars(256)}`), reason: 'oversized pev2: 256 characters, at most 255' },
  { name: 'eid', query: validQueryWith(`eid=${chars(65)}`), reason: 'oversized eid: 65 characters, at most 64' },
  { name: 'a visitor id', query: validQueryWith(`vid=${chars(256)}`), reason: 'oversized vid: 256 characters, at most 255' },
  { name: 'a browser fact', query: validQueryWith(`s=${chars(256)}`), reason: 'oversized s: 256 characters, at most 255' },
  {
    name: 'a context data key',
    query: validQueryWith('c.', 'a.', `${chars(99)}=v`, '.a', '.c'),
    reason: `oversized context data key 'a.${chars(38)}…': 101 characters, at most 100`,
  },
  {
    name: 'a context data value',
    query: validQueryWith('c.', `k=${chars(1025)}`, '.c'),
    reason: "oversized context data value for 'k': 1025 characters, at most 1024",
  },
  { name: 'context data with 251 entries', query: validQueryWith(contextEntries(251)), reason: 'too many context data entries: at most 250' },
  {
    name: 'the first over its limit in the order of the limits, not of the query',
    query: validQueryWith(`v5=${chars(256)}`, `eid=${chars(65)}`, `pageName=${chars(256)}`),
    reason: 'oversized pageName: 256 characters, at most 255',
  },
  {
    name: 'a prop before an eVar, and the lowest slot first, whatever order they came in',
    query: validQueryWith(`v1=${chars(256)}`, `c9=${chars(256)}`, `c3=${chars(256)}`),
    reason: 'oversized c3: 256 characters, at most 255',
  },
  {
    name: 'a value over its limit even after a timestamp fault is not the reason: the time is checked first',
    query: framedQuery('t=1', 'fid=A', `pageName=${chars(256)}`),
    reason: "bad timestamp t: expected 8 fields 'D/M/YYYY H:m:s W O', got 1",
  },
];

const structure: RejectionCase[] = [
  { name: 'an unknown pe', query: validQueryWith('pe=lnk_x'), reason: "unknown pe 'lnk_x': expected lnk_o, lnk_d, lnk_e, ms_s, msa_s or eng" },
  { name: 'a page engagement without its measures', query: validQueryWith('pe=eng'), reason: 'missing context data mesura.engaged_ms for pe=eng: send it as a whole number' },
  {
    name: 'a page engagement without its scroll depth',
    query: validQueryWith('c.', 'mesura.', 'engaged_ms=1200', '.mesura', '.c', 'pe=eng'),
    reason: 'missing context data mesura.scroll_pct for pe=eng: send it as a whole number',
  },
  {
    name: 'a page engagement engaged for longer than 4 hours',
    query: validQueryWith('c.', 'mesura.', 'engaged_ms=14400001', 'scroll_pct=10', '.mesura', '.c', 'pe=eng'),
    reason: 'bad context data mesura.engaged_ms for pe=eng: expected a whole number from 0 to 14400000',
  },
  {
    name: 'a page engagement scrolled past the end',
    query: validQueryWith('c.', 'mesura.', 'engaged_ms=1200', 'scroll_pct=101', '.mesura', '.c', 'pe=eng'),
    reason: 'bad context data mesura.scroll_pct for pe=eng: expected a whole number from 0 to 100',
  },
  {
    name: 'a page engagement with a fractional or signed measure',
    query: validQueryWith('c.', 'mesura.', 'engaged_ms=-5', 'scroll_pct=10', '.mesura', '.c', 'pe=eng'),
    reason: 'bad context data mesura.engaged_ms for pe=eng: expected a whole number from 0 to 14400000',
  },
  { name: 'a media start without pev3', query: validQueryWith('pe=ms_s'), reason: 'missing pev3 for pe=ms_s: send the media type (video, audio, videoAd)' },
  { name: 'context data never closed', query: validQueryWith('c.', 'a=1'), reason: "malformed context data: 'c.' is never closed by '.c'" },
  { name: 'a block closed but never opened', query: validQueryWith('a=1', '.c'), reason: "malformed context data: '.c' closes a block that 'c.' never opened" },
  { name: 'a block closed twice', query: validQueryWith('c.', 'a=1', '.c', '.c'), reason: "malformed context data: '.c' closes a block that 'c.' never opened" },
  { name: 'a prefix closed by another name', query: validQueryWith('c.', 'a.', 'x=1', '.b', '.c'), reason: "malformed context data: '.b' does not close 'a.'" },
  { name: 'the block closed inside a prefix', query: validQueryWith('c.', 'a.', 'x=1', '.c'), reason: "malformed context data: '.c' does not close 'a.'" },
  { name: 'a block marker with a value', query: validQueryWith('c.=1', 'a=1', '.c'), reason: "malformed context data: 'c.' carries a value" },
  { name: 'a prefix marker with a value', query: validQueryWith('c.', 'a.=1', '.a', '.c'), reason: "malformed context data: 'a.' carries a value" },
  { name: 'an empty context data key', query: validQueryWith('c.', '=x', '.c'), reason: 'malformed context data: empty key' },
  { name: 'a context data key sent twice', query: validQueryWith('c.', 'a.', 'b=1', '.a', 'a.b=2', '.c'), reason: "duplicate context data key 'a.b'" },
  { name: 'client hints never closed', query: validQueryWith('h.', 'arch=x86'), reason: "malformed client hints: 'h.' is never closed by '.h'" },
  { name: 'a non-numeric lrt', query: validQueryWith('lrt=fast'), reason: "malformed lrt 'fast': expected whole milliseconds" },
  { name: 'a negative lrt', query: validQueryWith('lrt=-5'), reason: "malformed lrt '-5': expected whole milliseconds" },
];

const slots: RejectionCase[] = [
  { name: 'c0', query: validQueryWith('c0=x'), reason: 'unknown variable slot c0' },
  { name: 'c76', query: validQueryWith('c76=x'), reason: 'unknown variable slot c76' },
  { name: 'v251', query: validQueryWith('v251=x'), reason: 'unknown variable slot v251' },
  { name: 'h0', query: validQueryWith('h0=x'), reason: 'unknown variable slot h0' },
  { name: 'h6', query: validQueryWith('h6=x'), reason: 'unknown variable slot h6' },
  { name: 'l4', query: validQueryWith('l4=x'), reason: 'unknown variable slot l4' },
  { name: 'c01 (a slot number with a leading zero)', query: validQueryWith('c01=x'), reason: 'unknown variable slot c01' },
  { name: 'an out-of-range slot even when empty', query: validQueryWith('v300='), reason: 'unknown variable slot v300' },
];

describe('decodeBeaconQuery refuses', () => {
  describe('broken framing', () => {
    it.each(framing)('$name', ({ query, reason }) => {
      expect(decodeBeaconQuery(query)).toEqual({ ok: false, reason });
    });
  });
  describe('bad timestamps', () => {
    it.each(timestamps)('$name', ({ query, reason }) => {
      expect(decodeBeaconQuery(query)).toEqual({ ok: false, reason });
    });
  });
  describe('bad events', () => {
    it.each(events)('$name', ({ query, reason }) => {
      expect(decodeBeaconQuery(query)).toEqual({ ok: false, reason });
    });
  });
  describe('oversized fields', () => {
    it.each(oversized)('$name', ({ query, reason }) => {
      expect(decodeBeaconQuery(query)).toEqual({ ok: false, reason });
    });
  });
  describe('bad structure', () => {
    it.each(structure)('$name', ({ query, reason }) => {
      expect(decodeBeaconQuery(query)).toEqual({ ok: false, reason });
    });
  });
  describe('out-of-range variable slots', () => {
    it.each(slots)('$name', ({ query, reason }) => {
      expect(decodeBeaconQuery(query)).toEqual({ ok: false, reason });
    });
  });
});

describe('decodeBeacon', () => {
  it.each([
    {
      name: 'a bad path before looking at the query',
      path: '/b/ss/ccmaprod/1/JS-2.27.0',
      query: '',
      reason: 'malformed beacon path: expected /b/ss/{suites}/1/{version}/s{random}',
    },
    {
      name: 'a good path with a truncated query',
      path: '/b/ss/ccmaprod/1/JS-2.27.0/s1',
      query: `AQB=1&${T}&fid=A`,
      reason: 'truncated beacon: AQE=1 must be the last parameter',
    },
  ])('refuses $name', ({ path, query, reason }) => {
    expect(decodeBeacon(path, query)).toEqual({ ok: false, reason });
  });

  it('keeps a reason on one line when the offending value has line breaks', () => {
    // Control characters are removed before decoding; U+2028 is a line break that is not one.
    const result = decodeBeaconQuery(validQueryWith('events=event1%E2%80%A8x'));
    expect(result).toEqual({ ok: false, reason: "malformed event 'event1\\u2028x' in events" });
  });
});
