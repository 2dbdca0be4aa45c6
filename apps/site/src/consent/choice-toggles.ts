/**
 * The settings layer's switches and the `Choice` they stand for. One switch per purpose and one per
 * vendor, each meaning "may be used" on whatever legal basis the vendor list declares: off is both
 * no consent and an objection to legitimate interest, so nothing the visitor switched off is used.
 */
import type { Choice } from '@mesura/consent';
import type { SettingsVendorList } from './settings-model';

/** Ids of the purposes and vendors switched on. */
export interface Toggles {
  purposes: ReadonlySet<number>;
  vendors: ReadonlySet<number>;
}

/** Which vendor-list fields a Choice is built from. */
export type ToggleVendorList = Pick<SettingsVendorList, 'purposes' | 'vendors'>;

const ascending = (ids: Iterable<number>): number[] => [...ids].sort((a, b) => a - b);

/** Everything off for a new visitor; as stored for a returning one (a purpose on if any basis is allowed). */
export function togglesFromChoice(choice: Choice | undefined): Toggles {
  if (choice === undefined) return { purposes: new Set(), vendors: new Set() };
  return {
    purposes: new Set([...choice.purposes, ...choice.legitimateInterests]),
    vendors: new Set([...choice.vendors, ...choice.vendorLegitimateInterests]),
  };
}

/** The toggles with one purpose or vendor switched on or off. */
export function setToggle(toggles: Toggles, kind: keyof Toggles, id: number, on: boolean): Toggles {
  const next = new Set(toggles[kind]);
  if (on) next.add(id);
  else next.delete(id);
  return { ...toggles, [kind]: next };
}

/**
 * The choice the switches stand for. A purpose switched on gets consent, and legitimate interest
 * where a vendor declares it; a vendor switched on gets consent if it declares consent purposes and
 * legitimate interest if it declares those, which is what "Accepta-ho tot" gives it. TCF policy
 * keeps purposes 1 and 3–6 out of every vendor's legitimate interests, so none is added here.
 * Special features are never opted in: no switch shows them.
 */
export function choiceFromToggles(toggles: Toggles, list: ToggleVendorList): Choice {
  const vendors = Object.values(list.vendors).filter((vendor) => toggles.vendors.has(vendor.id));
  const purposeIds = Object.values(list.purposes)
    .map((purpose) => purpose.id)
    .filter((id) => toggles.purposes.has(id));
  const declaredLegitimateInterests = new Set(Object.values(list.vendors).flatMap((vendor) => vendor.legIntPurposes));
  return {
    purposes: ascending(purposeIds),
    legitimateInterests: ascending(purposeIds.filter((id) => declaredLegitimateInterests.has(id))),
    specialFeatures: [],
    vendors: ascending(vendors.filter((vendor) => vendor.purposes.length > 0).map((vendor) => vendor.id)),
    vendorLegitimateInterests: ascending(vendors.filter((vendor) => vendor.legIntPurposes.length > 0).map((vendor) => vendor.id)),
  };
}
