import { TCModel, TCString } from '@iabtcf/core';
import { CMP_ID, CMP_VERSION, createVendorList } from '@mesura/consent';

const MS_PER_DAY = 86_400_000;

/**
 * A real TC string, encoded by @iabtcf/core against the site's shipped vendor list, giving consent
 * to exactly these purposes and vendors, dated (by day, as TCF 2.2 has it) at `atMs`.
 */
export function tcString(consents: { purposes: number[]; vendors: number[] }, atMs: number): string {
  const model = new TCModel(createVendorList());
  model.cmpId = CMP_ID;
  model.cmpVersion = CMP_VERSION;
  model.isServiceSpecific = true;
  model.purposeConsents.set(consents.purposes);
  model.vendorConsents.set(consents.vendors);
  const day = new Date(atMs - (atMs % MS_PER_DAY));
  model.created = day;
  model.lastUpdated = day;
  return TCString.encode(model);
}
