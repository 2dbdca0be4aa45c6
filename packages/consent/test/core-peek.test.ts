import { describe, expect, it } from 'vitest';
import { acceptAll, rejectAll } from '../src/choices.js';
import { peekStoredChoice } from '../src/core-peek.js';
import { decodeStored, encodeChoice } from '../src/tc-string.js';
import { createVendorList } from '../src/vendor-list.js';
import { DAY_MS, MEASUREMENT_ONLY, NEXT_VENDOR_LIST, NOW, SMALL_ID_VENDOR_LIST, THIRTEEN_MONTHS_MS, TODAY, foreignCmpString, gvl, version1String } from './helpers/fixtures.js';

const smallIds = createVendorList(SMALL_ID_VENDOR_LIST);

describe('peekStoredChoice', () => {
  it.each([
    { name: 'accept all', tcString: () => encodeChoice(acceptAll(gvl), { gvl, now: NOW }), purposes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], vendors: [1001, 1002, 1003, 1004] },
    { name: 'reject all', tcString: () => encodeChoice(rejectAll(), { gvl, now: NOW }), purposes: [], vendors: [] },
    { name: 'a custom choice', tcString: () => encodeChoice(MEASUREMENT_ONLY, { gvl, now: NOW }), purposes: [1, 8, 9], vendors: [1001, 1002] },
    { name: "another CMP's global string", tcString: () => foreignCmpString(MEASUREMENT_ONLY, NOW), purposes: [1, 8, 9], vendors: [1001, 1002] },
  ])('reads the purpose and vendor consents of $name as @iabtcf/core does', ({ tcString, purposes, vendors }) => {
    const stored = tcString();
    const full = decodeStored(stored, { gvl, now: NOW });
    expect(peekStoredChoice(stored, { gvl, now: NOW })).toEqual({ ok: true, purposes, vendors });
    expect(full.ok && [full.choice.purposes, full.choice.vendors]).toEqual([purposes, vendors]);
  });

  it('reads vendor consents encoded as a bit field (small vendor ids)', () => {
    const stored = encodeChoice({ ...rejectAll(), purposes: [1], vendors: [1, 3] }, { gvl: smallIds, now: NOW });
    expect(peekStoredChoice(stored, { gvl: smallIds, now: NOW })).toEqual({ ok: true, purposes: [1], vendors: [1, 3] });
  });

  it.each([
    { name: 'no cookie', stored: () => undefined, now: NOW, reason: 'empty: no stored choice' },
    { name: 'garbage', stored: () => 'hello', now: NOW, reason: 'malformed: not a TC string' },
    { name: 'a truncated core', stored: () => encodeChoice(acceptAll(gvl), { gvl, now: NOW }).slice(0, 30), now: NOW, reason: 'malformed: not a TC string' },
    { name: 'a v1 string', stored: version1String, now: NOW, reason: 'unsupported: TC string version is not 2' },
    { name: 'a choice 13 months and a day old', stored: () => encodeChoice(acceptAll(gvl), { gvl, now: NOW }), now: TODAY + THIRTEEN_MONTHS_MS + DAY_MS, reason: 'expired: older than 13 months' },
  ])('refuses $name for the same reason as decodeStored: $reason', ({ stored, now, reason }) => {
    const tcString = stored();
    expect(peekStoredChoice(tcString, { gvl, now })).toEqual({ ok: false, reason });
    expect(decodeStored(tcString, { gvl, now })).toMatchObject({ ok: false, reason });
  });

  it('asks again when the vendor list changed', () => {
    const stored = encodeChoice(acceptAll(gvl), { gvl, now: NOW });
    expect(peekStoredChoice(stored, { gvl: NEXT_VENDOR_LIST, now: NOW })).toEqual({ ok: false, reason: 're-ask: vendor list changed' });
  });
});
