/**
 * @mesura/identity: the visitor's identity in the browser (spec §3, §7 "Visitor identity"). A first-party
 * visitor id, customer ids, the opt-out, and one visitor across sister domains. Which id wins:
 * an incoming cross-domain link > the first-party cookie > the collector's id > a new id (README).
 */
// Constants a caller passes or looks for; the others are documented in the README.
export {
  AUTH_STATE_AUTHENTICATED,
  AUTH_STATE_LOGGED_OUT,
  AUTH_STATE_UNKNOWN,
  CROSS_DOMAIN_PARAM,
  CUSTOMER_IDS_STORAGE_KEY,
  ID_SYNC_COOKIE_NAME,
  ID_SYNC_DATA_MAX_LENGTH,
  ID_SYNC_FREQUENCY_MS,
  ID_SYNC_HANDSHAKE_TIMEOUT_MS,
  ID_SYNC_THROTTLE_START_MS,
  VISITOR_COOKIE_NAME,
} from './constants.js';
export { CUSTOMER_ID_REFUSED } from './errors.js';
export { cachedDocumentCookieJar, documentCookieJar } from './cookie-jar.js';
export { isOptedOut, privacyStatus } from './privacy.js';
export { createIdentity } from './identity.js';
export { createCustomerIdStore } from './customer-id-store.js';
export { browserSessionStorage, forgetStoredCustomerIds, readStoredCustomerIds } from './customer-id-storage.js';
export { adoptCollectorId, forgetVisitorId, isVisitorId, newVisitorId, readVisitorId as storedVisitorId } from './visitor-id.js';
export { acceptIncomingVisitor, adoptIncomingVisitor, decorateLink, readIncomingVisitor } from './cross-domain-link.js';
export { decorateSisterLinks } from './sister-links.js';
export { fetchCollectorIdentity, forgetCollectorIdentity } from './collector-identity.js';
export { idSyncDue, startIdSync } from './id-sync.js';
export { openSyncFrame } from './id-sync-frame.js';
export { userIdentity } from './user-identity.js';

// Types apart, so that `verbatimModuleSyntax` builds erase them cleanly.
export type { CookieJar } from './cookie-jar.js';
export type { Identity, IdentityOptions, IdentityState } from './identity.js';
export type { CustomerIdStore, CustomerIdStoreOptions } from './customer-id-store.js';
export type { CustomerIdStorage } from './customer-id-storage.js';
export type { RandomSource } from './visitor-id.js';
export type { PrivacyStatus } from './privacy.js';
export type {
  AuthState,
  CustomerId,
  CustomerIdInput,
  CustomerIdRefusal,
  CustomerIdRefusalReason,
} from './customer-ids.js';
export type {
  AcceptIncomingOptions,
  DecorateLinkOptions,
  IncomingParam,
  IncomingVisitor,
  IncomingVisitorRefusal,
} from './cross-domain-link.js';
export type { SisterLinkOptions } from './sister-links.js';
export type {
  CollectorIdentity,
  CollectorIdentityFailure,
  CollectorIdentityOptions,
} from './collector-identity.js';
export type { UserIdentity } from './user-identity.js';
export type { IdSyncOptions, IdSyncOutcome, IdSyncSkip, SyncFrame, SyncFrameEvents } from './id-sync.js';
