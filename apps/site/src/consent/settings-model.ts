/**
 * What the settings layer lists: the purposes, and the vendors with the purposes each one needs.
 * Read from the vendor list (a @iabtcf/core `GVL` or the raw JSON: both have these fields), so a
 * vendor added to `vendor-list.json` shows up without touching the banner.
 */

/** The fields of a vendor list the settings layer reads. */
export interface SettingsVendorList {
  purposes: Record<string, { id: number; name: string; description: string }>;
  vendors: Record<string, { id: number; name: string; purposes: number[]; legIntPurposes: number[] }>;
}

export interface PurposeView {
  id: number;
  name: string;
  description: string;
}

export interface VendorView {
  id: number;
  name: string;
  /** Names of the purposes the vendor needs consent for. */
  consentPurposes: string[];
  /** Names of the purposes the vendor relies on legitimate interest for. */
  legitimateInterestPurposes: string[];
}

export interface SettingsModel {
  /** Ascending by id. */
  purposes: PurposeView[];
  /** Ascending by id. */
  vendors: VendorView[];
}

const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;

export function settingsModel(list: SettingsVendorList): SettingsModel {
  const purposeName = (id: number): string => list.purposes[String(id)]?.name ?? `Finalitat ${id}`;
  const purposes = Object.values(list.purposes)
    .map(({ id, name, description }) => ({ id, name, description }))
    .sort(byId);
  const vendors = Object.values(list.vendors)
    .map((vendor) => ({
      id: vendor.id,
      name: vendor.name,
      consentPurposes: [...vendor.purposes].sort((a, b) => a - b).map(purposeName),
      legitimateInterestPurposes: [...vendor.legIntPurposes].sort((a, b) => a - b).map(purposeName),
    }))
    .sort(byId);
  return { purposes, vendors };
}
