import { Segment, TCString } from '@iabtcf/core';
import { describe, expect, it } from 'vitest';
import { acceptAll, rejectAll } from '../src/choices.js';
import { BASE64URL } from '../src/stored-choice.js';
import { decodeStored, encodeChoice, idsOf } from '../src/tc-string.js';
import { createVendorList } from '../src/vendor-list.js';
import { DAY_MS, MEASUREMENT_ONLY, NEXT_VENDOR_LIST, NOW, THIRTEEN_MONTHS_MS, TODAY, foreignCmpString, gvl, version1String } from './helpers/fixtures.js';

const decodedChoice = (tcString: string) => {
  const result = decodeStored(tcString, { gvl, now: NOW });
  if (!result.ok) throw new Error(`expected a choice, got ${result.reason}`);
  return result.choice;
};

/** The segment type of a non-core segment: the first 3 bits of its first base64url character. */
const segmentType = (segment: string) => BASE64URL.indexOf(segment.charAt(0)) >> 3;

describe('encodeChoice', () => {
  it('round-trips "accept all" through @iabtcf/core to exactly the same choice', () => {
    const tcString = encodeChoice(acceptAll(gvl), { gvl, now: NOW });
    expect(decodedChoice(tcString)).toEqual({
      purposes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      legitimateInterests: [9, 10],
      specialFeatures: [1, 2],
      vendors: [1001, 1002, 1003, 1004],
      vendorLegitimateInterests: [1001, 1003, 1004],
    });
  });

  it('round-trips "reject all" to no signal at all', () => {
    const tcString = encodeChoice(rejectAll(), { gvl, now: NOW });
    expect(decodedChoice(tcString)).toEqual(rejectAll());
  });

  it('round-trips a custom choice', () => {
    const tcString = encodeChoice(MEASUREMENT_ONLY, { gvl, now: NOW });
    expect(decodedChoice(tcString)).toEqual(MEASUREMENT_ONLY);
  });

  it('drops a legitimate interest the vendor never declared, as TCF requires', () => {
    const tcString = encodeChoice({ ...MEASUREMENT_ONLY, vendorLegitimateInterests: [1001, 1002] }, { gvl, now: NOW });
    expect(decodedChoice(tcString).vendorLegitimateInterests).toEqual([1001]);
  });

  it('writes the CMP, publisher and vendor-list fields, dated to the UTC day', () => {
    const model = TCString.decode(encodeChoice(MEASUREMENT_ONLY, { gvl, now: NOW }));
    expect({
      version: model.version,
      cmpId: model.cmpId,
      cmpVersion: model.cmpVersion,
      consentScreen: model.consentScreen,
      consentLanguage: model.consentLanguage,
      publisherCountryCode: model.publisherCountryCode,
      isServiceSpecific: model.isServiceSpecific,
      vendorListVersion: model.vendorListVersion,
      policyVersion: model.policyVersion,
      created: model.created.toISOString(),
      lastUpdated: model.lastUpdated.toISOString(),
    }).toEqual({
      version: 2,
      cmpId: 4095,
      cmpVersion: 1,
      consentScreen: 1,
      consentLanguage: 'CA',
      publisherCountryCode: 'ES',
      isServiceSpecific: true,
      vendorListVersion: 1,
      policyVersion: 5,
      created: '2026-11-23T00:00:00.000Z',
      lastUpdated: '2026-11-23T00:00:00.000Z',
    });
  });
});

describe('DisclosedVendors (TCF 2.3, mandatory after 2026-02-28)', () => {
  it('writes Core.DisclosedVendors.PublisherTC, in that order', () => {
    const segments = encodeChoice(MEASUREMENT_ONLY, { gvl, now: NOW }).split('.');
    expect(segments).toHaveLength(3);
    expect(segments.slice(1).map(segmentType)).toEqual([1, 3]);
  });

  it('discloses every vendor of the list, even those refused', () => {
    const model = TCString.decode(encodeChoice(rejectAll(), { gvl, now: NOW }));
    expect(idsOf(model.vendorsDisclosed)).toEqual([1001, 1002, 1003, 1004]);
    expect(idsOf(model.vendorConsents)).toEqual([]);
  });

  it('decodes to the same core choice with or without the segment', () => {
    const [core, disclosed] = encodeChoice(MEASUREMENT_ONLY, { gvl, now: NOW }).split('.');
    expect(decodedChoice(`${core}.${disclosed}`)).toEqual(decodedChoice(core!));
    expect(idsOf(TCString.decode(disclosed!, TCString.decode(core!)).vendorsDisclosed)).toEqual([1001, 1002, 1003, 1004]);
  });

  it('is a segment @iabtcf/core 1.5.6 leaves out of a service-specific string unless asked', () => {
    const bySegments = encodeChoice(MEASUREMENT_ONLY, { gvl, now: NOW });
    const model = TCString.decode(bySegments);
    model.gvl = gvl;
    const byDefault = TCString.encode(model);
    expect(byDefault.split('.').slice(1).map(segmentType)).toEqual([3]);
    expect(TCString.encode(model, { segments: [Segment.CORE] })).toBe(bySegments.split('.')[0]);
  });
});

describe('decodeStored', () => {
  const accepted = encodeChoice(acceptAll(gvl), { gvl, now: NOW });

  it.each([
    { name: 'no cookie', stored: undefined, reason: 'empty: no stored choice' },
    { name: 'an empty cookie', stored: '', reason: 'empty: no stored choice' },
    { name: 'words', stored: 'hello', reason: 'malformed: not a TC string' },
    { name: 'spaces and punctuation', stored: 'not a tc string!', reason: 'malformed: not a TC string' },
    { name: 'JSON', stored: '{"consent":true}', reason: 'malformed: not a TC string' },
    { name: 'a run of zero bits', stored: 'CAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', reason: 'malformed: not a TC string' },
    { name: 'a truncated core segment', stored: accepted.slice(0, 20), reason: 'malformed: not a TC string' },
    { name: 'an unknown segment after the core', stored: `${accepted.split('.')[0]}.zzzz`, reason: 'malformed: not a TC string' },
    { name: 'a version that does not exist', stored: `Z${accepted}`, reason: 'malformed: not a TC string' },
    { name: 'a TCF v1 string written by @iabtcf/core', stored: version1String(), reason: 'unsupported: TC string version is not 2' },
    { name: "the TCF v1.1 specification's example", stored: 'BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA', reason: 'unsupported: TC string version is not 2' },
  ])('refuses $name as no choice: $reason', ({ stored, reason }) => {
    const result = decodeStored(stored, { gvl, now: NOW });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toBe(reason);
  });

  it('accepts a valid string written by another CMP (foreign CMPs write valid TCF)', () => {
    const result = decodeStored(foreignCmpString(MEASUREMENT_ONLY, NOW), { gvl, now: NOW });
    expect(result.ok && result.tcModel.cmpId).toBe(10);
    expect(result.ok && result.choice.vendors).toEqual([1001, 1002]);
  });

  it('still holds a choice 13 months after the day it was made', () => {
    expect(decodeStored(accepted, { gvl, now: TODAY + THIRTEEN_MONTHS_MS }).ok).toBe(true);
  });

  it('is expired 13 months and a day after the day it was made', () => {
    expect(decodeStored(accepted, { gvl, now: TODAY + THIRTEEN_MONTHS_MS + DAY_MS })).toEqual({
      ok: false,
      reason: 'expired: older than 13 months',
    });
  });

  it('asks again when the shipped vendor list changed since the choice', () => {
    expect(decodeStored(accepted, { gvl: createVendorList(NEXT_VENDOR_LIST), now: NOW })).toEqual({
      ok: false,
      reason: 're-ask: vendor list changed',
    });
  });

  it('calls a string dated more than a day ahead malformed: bytes that merely decode', () => {
    const fromTheFuture = encodeChoice(acceptAll(gvl), { gvl, now: NOW + 2 * DAY_MS });
    expect(decodeStored(fromTheFuture, { gvl, now: NOW })).toEqual({ ok: false, reason: 'malformed: not a TC string' });
  });

  it("passes the decoder's message along for the debug log", () => {
    const result = decodeStored('!!!!', { gvl, now: NOW });
    expect(result).toEqual({ ok: false, reason: 'malformed: not a TC string' });
    const truncated = decodeStored(accepted.slice(0, 20), { gvl, now: NOW });
    expect(!truncated.ok && truncated.detail).toMatch(/\S/);
  });
});
