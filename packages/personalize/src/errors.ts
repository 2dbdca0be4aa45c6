/**
 * The personalisation client's messages (spec §8 "Personalisation"). Nothing is shown to visitors:
 * validation messages go to the logger's `warn` and to the caller's `error` callback; request and
 * rendering failures also travel in the failure events' `message`.
 *
 * Messages the spec quotes ('Network request failed', …) are kept word for word, since listeners
 * written for the commercial library compare them. The others start with the spec's words, a short
 * hint after a colon where the words alone do not say what to do: they ship in the 8 KB client.
 */
import { MBOX_NAME_MAX_CHARS } from '@mesura/protocol';

// Arguments of the API (§5, §8).

/** §8 "options argument required". */
export const OPTIONS_REQUIRED = 'options argument is required';
/** §8 "mbox option required". */
export const MBOX_REQUIRED = 'mbox option is required';
/** §8 "mbox option too long" (§5: at most 250 characters). */
export const MBOX_TOO_LONG = `mbox option is too long: at most ${MBOX_NAME_MAX_CHARS} characters`;
/** §8 "success option required" (getOffer). */
export const SUCCESS_REQUIRED = 'success option is required';
/** §8 "error option required" (getOffer). */
export const ERROR_REQUIRED = 'error option is required';
/** §8 "offer option required" (applyOffer). */
export const OFFER_REQUIRED = 'offer option is required';
/** §8 "name option required" (registerExtension). */
export const NAME_REQUIRED = 'name option is required';
/** §8 "invalid name" (§5: letters only when registering extensions). */
export const NAME_INVALID = 'name is invalid: letters only';
/** §8 "modules option required" (registerExtension). */
export const MODULES_REQUIRED = 'modules option is required';
/** §8 "register options required" (registerExtension). */
export const REGISTER_REQUIRED = 'register option is required';
/** §8 "modules do not exist"; the known modules are listed in extensions.ts. */
export const MODULES_DO_NOT_EXIST = 'modules do not exist: use settings, logger, events, cookies';
/** §8 "already initialised": a second client on one page. */
export const ALREADY_INITIALISED = 'already initialised';
/** Not in §8: the one option createPersonalization cannot guess. */
export const CLIENT_CODE_REQUIRED = 'clientCode option is required';

// Delivery switched off (§8 "delivery disabled (cookies not savable, no disable cookie or parameter)").

/** §8 "delivery disabled": what must hold for delivery to work. */
export const DELIVERY_DISABLED = 'delivery is disabled: cookies blocked or mboxDisable set';

// Request failures (§8, quoted).

/** §8: the transport failed (offline, DNS, CORS, connection reset). */
export const NETWORK_REQUEST_FAILED = 'Network request failed';
/** §8: no answer within the timeout (3000 ms, §9). */
export const REQUEST_TIMED_OUT = 'Request timed out';
/** §8: no server to send to (no `server` option and a page without an origin). */
export const URL_REQUIRED = 'URL is required';
/** §8: the personalisation vendor has no consent (this client's opt-in, §4 "Consent"). */
export const NOT_OPTED_IN = 'Target is not Opted In';
/** §8: the customer ids did not come within 2000 ms; the request goes without them. */
export const VISITOR_API_TIMED_OUT = 'Visitor API requests timed out';
/** §8: the customer ids failed; the request goes without them. */
export const VISITOR_API_ERROR = 'Visitor API requests error';
/** §8: a failure that carries no message (a server error without a reason, a thrown non-Error). */
export const UNKNOWN_ERROR = 'unknown error';
/** §8: the answer is not JSON, or not the delivery response's shape (the reason is logged). */
export const JSON_PARSER_ERROR = 'JSON parser error';

// Rendering failures (not in §8; content-rendering-failed's `message`).

/** Followed by `: {selector}, …`: elements still missing after 5000 ms (§9 selector polling). */
export const SELECTORS_NOT_FOUND = 'Actions with missing selectors';
/** Followed by `: {action}`: an action with no selector, outside the global mbox. */
export const SELECTOR_REQUIRED = 'Action has no selector';
/** Followed by `: {action}`: an action type this client does not render. */
export const UNSUPPORTED_ACTION = 'Unsupported action';
/** Followed by `: {name}, …`: `on…` handlers and `javascript:` URLs, outside trusted activities. */
export const ATTRIBUTE_REFUSED = 'Attribute refused';
/** Followed by `: {from} → {to}`: a rearrange naming a child the element does not have. */
export const REARRANGE_OUT_OF_RANGE = 'rearrange index out of range';
/**
 * Followed by `: {place} {destination}`: a moveTo whose destination is gone, is the moved element
 * or inside it, or whose place is not before, after, prepend or append.
 */
export const MOVE_REFUSED = 'moveTo refused';
/**
 * Untrusted HTML or attributes were not applied: the sanitiser bundle (`/mesura-sanitize.js`) did
 * not load, or not before the action's wait ended (5000 ms from the start of rendering). The
 * default content stays; the reason of a load error is logged.
 */
export const SANITIZER_FAILED_TO_LOAD = 'Sanitizer failed to load';
/** Followed by `: {url}`: redirects go to http(s) URLs only. */
export const REDIRECT_REFUSED = 'Redirect refused: not http(s)';
/** A setJson action with nowhere to go. */
export const NO_JSON_HANDLER = 'JSON offer ignored: no onJson option';
/** Followed by `: {name}`: registerExtension with a name already used. */
export const EXTENSION_EXISTS = 'Extension already registered';

/** Why a request was not made or failed, as the `error` callback's first argument reports it. */
export type ErrorStatus = 'error' | 'timeout';

/** A thrown value as text: an Error's message, anything else as a string. */
export function thrownText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
