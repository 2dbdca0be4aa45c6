/**
 * The consent manager's constants: who writes the TC string, for which publisher and in which
 * language, where it is kept, and which TCF vendor each tag rule means (§4, §5). Dependency-free,
 * so that the small "before any choice" code can import it without @iabtcf/core.
 */

/**
 * Our CMP id in the TC string. A placeholder until IAB Europe registers Mesura's CMP: 12 bits allow
 * up to 4095 and registered ids are far below it, so it cannot be mistaken for another CMP. Vendors
 * that check the Global CMP List will refuse strings with an unregistered id; change it then.
 */
export const CMP_ID = 4095;
/** Bumped on every release of the consent UI; vendors may read it to tell CMP releases apart. */
export const CMP_VERSION = 1;
/** Which screen of the consent UI the choice was made on (a CMP-private number; 1: the banner). */
export const CONSENT_SCREEN_BANNER = 1;
/** The publisher's country (ISO 3166-1 alpha-2), written in every TC string. */
export const PUBLISHER_COUNTRY_CODE = 'ES';
/** The language the consent UI is shown in; the shipped vendor list's texts are in it. */
export const CONSENT_LANGUAGE = 'CA';
/** The TCF's standard first-party cookie name for a TC string. */
export const CONSENT_COOKIE_NAME = 'euconsent-v2';
/**
 * 13 months of 30 days: the spec's "opt-in default storage expiry 33696000 s" (§9), and the 13-month
 * ceiling regulators set for consent cookies. Also the age past which a stored choice counts as
 * expired and the visitor is asked again: shortening it re-asks every visitor older than the new value.
 */
export const CONSENT_COOKIE_MAX_AGE_S = 33_696_000;

/**
 * `vendorListVersion` of the shipped `vendor-list.json`, for the head snippet, which must not carry
 * the list itself. A test keeps the two equal; bump both when the list changes, and every stored
 * choice is asked again.
 */
export const VENDOR_LIST_VERSION = 1;

/**
 * The vendor names the tag rules use in their consent conditions (packages/tags' site property),
 * each mapped to its TCF vendor id in `vendor-list.json`. Renaming one silently disables the rules
 * that name it, since an unknown vendor never has consent.
 */
export const VENDOR_IDS = {
  /** Page views and link tracking (§5 "web-analytics pageview rule"). */
  'web-analytics': 1001,
  /** The audience-measurement script (§5 "audience-measurement rule"). */
  'audience-measurement': 1002,
  /** Personalisation offers on the §2 paths. */
  personalisation: 1003,
  /** Video and audio heartbeats (§4 player events). */
  'video-analytics': 1004,
} as const;

/**
 * The two vendors the personalisation client asks about, by themselves: a bundle that imports
 * VENDOR_IDS carries every vendor's name. A test keeps them equal to VENDOR_IDS'.
 */
export const WEB_ANALYTICS_VENDOR_ID = 1001;
export const PERSONALISATION_VENDOR_ID = 1003;

/** A vendor name a tag rule may use. */
export type VendorName = keyof typeof VENDOR_IDS;

/** TCF purpose 1, "Store and/or access information on a device". */
export const PURPOSE_STORE_ACCESS = 1;
/** TCF purpose 8, "Measure content performance". */
export const PURPOSE_MEASURE_CONTENT = 8;

/**
 * Purposes whose consent automatic hits need (see `automaticHitsDisabled` in consent-state.ts):
 * the analytics cookie (1) and content measurement (8).
 */
export const AUTOMATIC_HIT_PURPOSES: readonly number[] = [PURPOSE_STORE_ACCESS, PURPOSE_MEASURE_CONTENT];

/** What a TC string is written and read with. DEFAULT_CONSENT_CONFIG holds the constants above. */
export interface ConsentConfig {
  cmpId: number;
  cmpVersion: number;
  consentScreen: number;
  publisherCountryCode: string;
  /** The language of the default vendor list; the string's ConsentLanguage is the GVL's `language`. */
  consentLanguage: string;
  /** Vendor name → TCF vendor id, for `hasVendorConsent('web-analytics')`. */
  vendorIds: Readonly<Record<string, number>>;
  /** The vendor whose consent makes the privacy status `opted-in` (reporting begins, §4). */
  reportingVendor: string;
  /** Purposes that must all have consent for automatic hits. */
  automaticHitPurposes: readonly number[];
  /** Age in seconds past which a stored choice is expired. */
  maxAgeSeconds: number;
}

export const DEFAULT_CONSENT_CONFIG: Readonly<ConsentConfig> = {
  cmpId: CMP_ID,
  cmpVersion: CMP_VERSION,
  consentScreen: CONSENT_SCREEN_BANNER,
  publisherCountryCode: PUBLISHER_COUNTRY_CODE,
  consentLanguage: CONSENT_LANGUAGE,
  vendorIds: VENDOR_IDS,
  reportingVendor: 'web-analytics',
  automaticHitPurposes: AUTOMATIC_HIT_PURPOSES,
  maxAgeSeconds: CONSENT_COOKIE_MAX_AGE_S,
};

/**
 * The TCF vendor id a rule means: a configured name, or an id given as a number or as digits
 * (`'1001'`, as a rule's JSON may hold it). `undefined` for an unknown name, which never has consent.
 */
export function resolveVendorId(vendor: string | number, vendorIds: Readonly<Record<string, number>>): number | undefined {
  if (typeof vendor === 'number') return Number.isInteger(vendor) && vendor > 0 ? vendor : undefined;
  if (Object.hasOwn(vendorIds, vendor)) return vendorIds[vendor];
  return /^[1-9]\d*$/.test(vendor) ? Number(vendor) : undefined;
}
