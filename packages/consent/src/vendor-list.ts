/**
 * The vendor list shipped with the site (`vendor-list.json`), as a @iabtcf/core `GVL`. Shipped rather
 * than fetched: the site works with its own four vendors only, and a page must not wait on the
 * network before it can tell whether it may measure.
 */
import { GVL, type VendorList } from '@iabtcf/core';
import type { VendorListShape } from './choices.js';
import { CONSENT_LANGUAGE } from './consent-config.js';
import shippedVendorList from './vendor-list.json' with { type: 'json' };

/** A vendor list in the GVL v3 JSON shape, as far as @iabtcf/core and `acceptAll` read it. */
export interface VendorListJson extends VendorListShape {
  gvlSpecificationVersion: number;
  vendorListVersion: number;
  tcfPolicyVersion: number;
  lastUpdated: string;
  specialPurposes: Record<string, unknown>;
  features: Record<string, unknown>;
  stacks: Record<string, unknown>;
}

/** The shipped vendor list, as parsed JSON (GVL specification version 3). */
export const VENDOR_LIST: VendorListJson = shippedVendorList;

/**
 * A `GVL` whose language is the one its texts are written in. @iabtcf/core writes `gvl.language` as
 * the TC string's ConsentLanguage, starts every GVL in English and switches only through
 * `changeLanguage`, which fetches `purposes-[LANG].json`. Our texts are already in the consent
 * language, so the language is stated instead of fetched.
 */
class ShippedVendorList extends GVL {
  readonly #language: string;

  constructor(list: VendorListJson, language: string) {
    // The library's types describe the GVL v2 JSON (descriptionLegal, policyUrl); it reads none of
    // the fields v3 dropped, so the v3 list is handed over as its VendorList.
    super(list as unknown as VendorList);
    this.#language = language;
  }

  override get language(): string {
    return this.#language;
  }
}

/** The shipped vendor list (or another list in its shape, for tests) as a ready `GVL`. */
export function createVendorList(list: VendorListJson = VENDOR_LIST, language: string = CONSENT_LANGUAGE): GVL {
  const upper = language.toUpperCase();
  if (!GVL.consentLanguages.has(upper)) {
    throw new Error(`Unsupported consent language ${language}: use one of GVL.consentLanguages.`);
  }
  return new ShippedVendorList(list, upper);
}
