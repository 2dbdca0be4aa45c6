/**
 * @mesura/consent: the browser-side core of a IAB TCF v2 consent manager (§4 "Consent", §5 consent
 * conditions). The visitor's choice as plain data, to and from a TC string; the consent state the
 * tag rules read; the shipped vendor list. Two more entry points keep bundles small:
 * `@mesura/consent/head` (before any choice, no @iabtcf/*) and `@mesura/consent/cmp-api` (`__tcfapi`).
 */
export {
  AUTOMATIC_HIT_PURPOSES,
  CMP_ID,
  CMP_VERSION,
  CONSENT_COOKIE_MAX_AGE_S,
  CONSENT_COOKIE_NAME,
  CONSENT_LANGUAGE,
  CONSENT_SCREEN_BANNER,
  DEFAULT_CONSENT_CONFIG,
  PUBLISHER_COUNTRY_CODE,
  PURPOSE_MEASURE_CONTENT,
  PURPOSE_STORE_ACCESS,
  VENDOR_IDS,
  VENDOR_LIST_VERSION,
  resolveVendorId,
} from './consent-config.js';
export { acceptAll, rejectAll } from './choices.js';
export { VENDOR_LIST, createVendorList } from './vendor-list.js';
export { decodeStored, encodeChoice } from './tc-string.js';
export { peekStoredChoice } from './core-peek.js';
export { createConsentState } from './consent-state.js';

// Types apart, so that `verbatimModuleSyntax` builds erase them cleanly.
export type { ConsentConfig, VendorName } from './consent-config.js';
export type { Choice, VendorListShape } from './choices.js';
export type { VendorListJson } from './vendor-list.js';
export type { EncodeOptions, StoredChoice } from './tc-string.js';
export type { PeekedChoice } from './core-peek.js';
export type { StoredChoiceCheck, StoredChoiceReason, StoredChoiceRefusal } from './stored-choice.js';
export type {
  ConsentEvent,
  ConsentListener,
  ConsentState,
  ConsentStateOptions,
  PrivacyStatus,
} from './consent-state.js';
