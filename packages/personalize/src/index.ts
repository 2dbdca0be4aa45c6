/**
 * @mesura/personalize: the personalisation delivery client (spec §4, §7, §8, §9). Asks
 * `/m2/{clientCode}/mbox/json` for offers, hides the content until they render or 3000 ms pass,
 * renders them sanitised, and reports each step as a DOM event. Nothing before consent.
 * DOMPurify's sanitiser is the separate entry point `@mesura/personalize/sanitizer`, so that this
 * one stays small: the client loads it as its own bundle (sanitizer-script.ts).
 */
export { createPersonalization } from './personalization.js';
export { PERSONALIZATION_EVENTS } from './events.js';
export { hidingCss } from './hiding.js';
export { forgetVisitorCookies } from './cookies.js';
export {
  BODY_HIDDEN_TIMEOUT_MS,
  BODY_HIDING_CSS,
  CROSS_DOMAIN,
  DEVICE_COOKIE_NAME,
  DEVICE_ID_LIFETIME_MS,
  DISABLE_COOKIE_DEFAULT_LIFETIME_MS,
  DISABLE_COOKIE_NAME,
  DISABLE_PARAM,
  EDGE_HOST_COOKIE_NAME,
  EDGE_HOST_LIFETIME_MS,
  EVENT_PREFIX,
  GLOBAL_MBOX_NAME,
  HIDING_STYLE_ID,
  LIBRARY_VERSION,
  PERSONALISATION_VENDOR,
  REAPPLY_MAX_PER_ACTION,
  REQUEST_TIMEOUT_MS,
  SANITIZER_GLOBAL,
  SANITIZER_LOAD_TIMEOUT_MS,
  SANITIZER_URL_DEFAULT,
  SELECTOR_POLLING_TIMEOUT_MS,
  SESSION_COOKIE_NAME,
  SESSION_ID_LIFETIME_MS,
  TRUSTED_TOKEN,
  VISITOR_API_TIMEOUT_MS,
} from './constants.js';
export {
  ALREADY_INITIALISED,
  CLIENT_CODE_REQUIRED,
  DELIVERY_DISABLED,
  ERROR_REQUIRED,
  JSON_PARSER_ERROR,
  MBOX_REQUIRED,
  MBOX_TOO_LONG,
  MODULES_DO_NOT_EXIST,
  MODULES_REQUIRED,
  NAME_INVALID,
  NAME_REQUIRED,
  NETWORK_REQUEST_FAILED,
  NOT_OPTED_IN,
  OFFER_REQUIRED,
  OPTIONS_REQUIRED,
  REGISTER_REQUIRED,
  REQUEST_TIMED_OUT,
  SANITIZER_FAILED_TO_LOAD,
  SUCCESS_REQUIRED,
  UNKNOWN_ERROR,
  URL_REQUIRED,
  VISITOR_API_ERROR,
  VISITOR_API_TIMED_OUT,
} from './errors.js';

// Types apart, so that `verbatimModuleSyntax` builds erase them cleanly.
export type {
  ApplyOfferOptions,
  GetOfferOptions,
  Personalization,
  TrackEventOptions,
} from './personalization.js';
export type { JsonOfferContext, PersonalizationOptions } from './options.js';
export type { PersonalizeInput, PersonalizeOutcome } from './personalize-flow.js';
export type { RenderOutcome } from './render-offer.js';
export type { OfferAction } from './offer-actions.js';
export type { Sanitizer } from './sanitizer.js';
export type { HeldReason } from './delivery-gate.js';
export type { ErrorStatus } from './errors.js';
export type { PersonalizationEventDetail, PersonalizationEventName, Tracking } from './events.js';
export type { ExtensionModules, RegisterExtensionOptions } from './extensions.js';
export type {
  ConsentSource,
  CookieJar,
  PageLocation,
  PersonalizationDeps,
  ScreenInfo,
  Send,
  SendInit,
  SendResponse,
  VisitorCustomerId,
  VisitorIdsProvider,
} from './deps.js';
