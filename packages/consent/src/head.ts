/**
 * `@mesura/consent/head`: what the head snippet needs before any choice, with no dependency on
 * @iabtcf/*: the constants and the small stored-choice reader.
 */
export {
  AUTOMATIC_HIT_PURPOSES,
  CONSENT_COOKIE_MAX_AGE_S,
  CONSENT_COOKIE_NAME,
  DEFAULT_CONSENT_CONFIG,
  PERSONALISATION_VENDOR_ID,
  PURPOSE_MEASURE_CONTENT,
  PURPOSE_STORE_ACCESS,
  VENDOR_IDS,
  VENDOR_LIST_VERSION,
  WEB_ANALYTICS_VENDOR_ID,
  resolveVendorId,
} from './consent-config.js';
export { peekStoredChoice } from './core-peek.js';

export type { ConsentConfig, VendorName } from './consent-config.js';
export type { PeekedChoice } from './core-peek.js';
export type { StoredChoiceCheck, StoredChoiceReason, StoredChoiceRefusal } from './stored-choice.js';
