import { GVL, type VendorList } from '@iabtcf/core';
import { describe, expect, it } from 'vitest';
import { acceptAll, rejectAll } from '../src/choices.js';
import { PERSONALISATION_VENDOR_ID, VENDOR_IDS, WEB_ANALYTICS_VENDOR_ID } from '../src/consent-config.js';
import { VENDOR_LIST, createVendorList } from '../src/vendor-list.js';
import { VENDOR_LIST_VERSION } from '../src/head.js';

describe('vendor-list.json', () => {
  it('is accepted by @iabtcf/core as a ready GVL without any fetch', () => {
    const gvl = new GVL(VENDOR_LIST as unknown as VendorList);
    expect(gvl.isReady).toBe(true);
    expect(gvl.vendorListVersion).toBe(1);
    expect(VENDOR_LIST_VERSION).toBe(VENDOR_LIST.vendorListVersion);
    expect(gvl.tcfPolicyVersion).toBe(5);
    expect(Object.keys(gvl.purposes)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(Object.keys(gvl.specialFeatures)).toEqual(['1', '2']);
  });

  it("gives the personalisation client's two vendors the ids of VENDOR_IDS", () => {
    expect(WEB_ANALYTICS_VENDOR_ID).toBe(VENDOR_IDS['web-analytics']);
    expect(PERSONALISATION_VENDOR_ID).toBe(VENDOR_IDS.personalisation);
  });

  it('holds the four vendors the tag rules name, under the ids of the config', () => {
    const gvl = createVendorList();
    const names = Object.fromEntries(Object.values(gvl.vendors).map((vendor) => [vendor.id, vendor.name]));
    expect(names).toEqual({
      [VENDOR_IDS['web-analytics']]: 'Mesura analítica web',
      [VENDOR_IDS['audience-measurement']]: 'Mesura audiència',
      [VENDOR_IDS.personalisation]: 'Mesura personalització',
      [VENDOR_IDS['video-analytics']]: 'Mesura analítica de vídeo',
    });
  });

  it('declares no legitimate interest TCF 2.2 forbids (purposes 1 and 3–6)', () => {
    const legitimateInterests = Object.values(VENDOR_LIST.vendors).flatMap((vendor) => vendor.legIntPurposes);
    expect(legitimateInterests.filter((purpose) => [1, 3, 4, 5, 6].includes(purpose))).toEqual([]);
  });
});

describe('createVendorList', () => {
  it('gives the GVL the consent language, which becomes the TC string ConsentLanguage', () => {
    expect(createVendorList().language).toBe('CA');
    expect(createVendorList(VENDOR_LIST, 'es').language).toBe('ES');
  });

  it('refuses a language TCF does not know, naming where to look', () => {
    expect(() => createVendorList(VENDOR_LIST, 'xx')).toThrow('Unsupported consent language xx: use one of GVL.consentLanguages.');
  });
});

describe('acceptAll and rejectAll', () => {
  it('accepts every purpose, special feature and vendor, and each declared legitimate interest', () => {
    expect(acceptAll(createVendorList())).toEqual({
      purposes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      legitimateInterests: [9, 10],
      specialFeatures: [1, 2],
      vendors: [1001, 1002, 1003, 1004],
      vendorLegitimateInterests: [1001, 1003, 1004],
    });
  });

  it('reads the raw JSON the same way as the GVL', () => {
    expect(acceptAll(VENDOR_LIST)).toEqual(acceptAll(createVendorList()));
  });

  it('rejects everything', () => {
    expect(rejectAll()).toEqual({ purposes: [], legitimateInterests: [], specialFeatures: [], vendors: [], vendorLegitimateInterests: [] });
  });
});
