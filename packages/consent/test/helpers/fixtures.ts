import { TCModel, TCString } from '@iabtcf/core';
import type { Choice } from '../../src/choices.js';
import { createVendorList, VENDOR_LIST, type VendorListJson } from '../../src/vendor-list.js';

export const DAY_MS = 86_400_000;
/** "Today" in these tests: 2026-11-23 10:30 UTC, after TCF 2.3's 2026-02-28 deadline. */
export const NOW = Date.UTC(2026, 10, 23, 10, 30);
/** The UTC day of NOW, as a TC string records it. */
export const TODAY = Date.UTC(2026, 10, 23);
/** 13 months of 30 days (§9 opt-in storage expiry 33696000 s). */
export const THIRTEEN_MONTHS_MS = 33_696_000_000;

export const gvl = createVendorList();

/** A custom choice: measurement only, no personalisation, video by legitimate interest. */
export const MEASUREMENT_ONLY: Choice = {
  purposes: [1, 8, 9],
  legitimateInterests: [10],
  specialFeatures: [],
  vendors: [1001, 1002],
  vendorLegitimateInterests: [1001, 1004],
};

/** The shipped list under another version, as after a vendor was added. */
export const NEXT_VENDOR_LIST: VendorListJson = { ...VENDOR_LIST, vendorListVersion: VENDOR_LIST.vendorListVersion + 1 };

/** A list whose vendors have small ids, so that vendor sections are encoded as bit fields. */
export const SMALL_ID_VENDOR_LIST: VendorListJson = {
  ...VENDOR_LIST,
  vendors: Object.fromEntries(Object.values(VENDOR_LIST.vendors).map((vendor, index) => [String(index + 1), { ...vendor, id: index + 1 }])),
};

/** A string another CMP (id 10) wrote for the global scope, with @iabtcf/core's default segments. */
export function foreignCmpString(choice: Choice, now: number): string {
  const model = new TCModel(gvl);
  model.cmpId = 10;
  model.cmpVersion = 7;
  model.purposeConsents.set(choice.purposes);
  model.vendorConsents.set(choice.vendors);
  model.created = new Date(now - (now % DAY_MS));
  model.lastUpdated = model.created;
  return TCString.encode(model);
}

/** A TCF v1 consent string written by @iabtcf/core itself. */
export function version1String(): string {
  const model = new TCModel(gvl);
  model.cmpId = 10;
  model.cmpVersion = 1;
  model.purposeConsents.set([1]);
  return TCString.encode(model, { version: 1 });
}

/** A cookie jar of one value with a log of writes. */
export function fakeStore(initial?: string) {
  const store = {
    value: initial,
    writes: [] as string[],
    read: () => store.value,
    write: (tcString: string) => {
      store.value = tcString;
      store.writes.push(tcString);
    },
  };
  return store;
}
