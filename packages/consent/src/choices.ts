/**
 * The visitor's choice as plain data, and the two one-click choices of the banner. Dependency-free:
 * `acceptAll` reads either a @iabtcf/core `GVL` or the raw vendor-list JSON through the few fields
 * it needs.
 */

/** What the visitor chose, as sorted TCF ids. An id absent from a list means "no". */
export interface Choice {
  /** Purposes with consent. */
  purposes: number[];
  /** Purposes whose legitimate interest the visitor did not object to. */
  legitimateInterests: number[];
  /** Special features opted in (1: precise geolocation, 2: device scanning). */
  specialFeatures: number[];
  /** Vendors with consent. */
  vendors: number[];
  /** Vendors whose legitimate interest the visitor did not object to. */
  vendorLegitimateInterests: number[];
}

/** The fields of a vendor list `acceptAll` reads; a `GVL` and the raw JSON both have them. */
export interface VendorListShape {
  purposes: Record<string, unknown>;
  specialFeatures: Record<string, unknown>;
  vendors: Record<string, { id: number; purposes: number[]; legIntPurposes: number[] }>;
}

/** TCF policy: purpose 1 can never rest on legitimate interest, nor purposes 3–6 since TCF 2.2. */
const PURPOSES_WITHOUT_LEGITIMATE_INTEREST: ReadonlySet<number> = new Set([1, 3, 4, 5, 6]);

const ids = (map: Record<string, unknown>): number[] => Object.keys(map).map(Number).sort(byNumber);
const byNumber = (a: number, b: number): number => a - b;

/**
 * "Accept all": every purpose and special feature, every vendor for consent, and legitimate
 * interest exactly where a vendor declares it. The encoder drops any signal a vendor did not
 * declare, so declaring more here would not survive a round trip.
 */
export function acceptAll(vendorList: VendorListShape): Choice {
  const vendors = Object.values(vendorList.vendors);
  const declaredLegitimateInterests = new Set(vendors.flatMap((vendor) => vendor.legIntPurposes));
  return {
    purposes: ids(vendorList.purposes),
    legitimateInterests: [...declaredLegitimateInterests].filter((purpose) => !PURPOSES_WITHOUT_LEGITIMATE_INTEREST.has(purpose)).sort(byNumber),
    specialFeatures: ids(vendorList.specialFeatures),
    vendors: vendors
      .filter((vendor) => vendor.purposes.length > 0)
      .map((vendor) => vendor.id)
      .sort(byNumber),
    vendorLegitimateInterests: vendors
      .filter((vendor) => vendor.legIntPurposes.length > 0)
      .map((vendor) => vendor.id)
      .sort(byNumber),
  };
}

/** "Reject all": no consent and an objection to every legitimate interest. */
export function rejectAll(): Choice {
  return { purposes: [], legitimateInterests: [], specialFeatures: [], vendors: [], vendorLegitimateInterests: [] };
}
