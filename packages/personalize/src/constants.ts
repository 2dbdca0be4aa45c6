/**
 * The personalisation client's numbers and names (spec §9 "Personalisation", wire-formats §3).
 * Cookie names live in browsers already: renaming one starts every visitor on a new session and
 * device, so a name changes only with a migration that reads the old one.
 */

/** §9 "request timeout 3000 ms": from the call, the visitor-id wait included. */
export const REQUEST_TIMEOUT_MS = 3_000;
/**
 * §4, §9: the body (or the configured selectors) stays hidden until the offers render or this
 * much time passes. Equal to the request timeout, so that a slow server never keeps a page blank
 * longer than the request is allowed to take.
 */
export const BODY_HIDDEN_TIMEOUT_MS = 3_000;
/** §9 "visitor-API timeout 2000 ms": how long a request waits for the customer ids. */
export const VISITOR_API_TIMEOUT_MS = 2_000;
/** §9 "selector polling timeout 5000 ms": how long an action waits for its element. */
export const SELECTOR_POLLING_TIMEOUT_MS = 5_000;

/** §9 "session id lifetime 1860000 ms" (31 minutes), renewed by each request. */
export const SESSION_ID_LIFETIME_MS = 1_860_000;
/** §9 "device id lifetime 632448000000 ms" (about 20 years), renewed by each answer. */
export const DEVICE_ID_LIFETIME_MS = 632_448_000_000;
/** §9 "edge-server override timeout 1860000 ms": how long requests go to the answer's `edgeHost`. */
export const EDGE_HOST_LIFETIME_MS = 1_860_000;
/** §9 "default disable-cookie duration 1 day": used when nothing says how long. */
export const DISABLE_COOKIE_DEFAULT_LIFETIME_MS = 86_400_000;

/** Session id: `mboxSession` of each request. */
export const SESSION_COOKIE_NAME = 'mesura_pz_session';
/** Device (profile) id: the answer's `tntId`, sent back as `mboxPC`. */
export const DEVICE_COOKIE_NAME = 'mesura_pz_device';
/** The answer's `edgeHost`: later requests go there. */
export const EDGE_HOST_COOKIE_NAME = 'mesura_pz_edge';
/** Written and read back once, to learn whether cookies can be saved (§8 "delivery disabled"). */
export const CHECK_COOKIE_NAME = 'mesura_pz_check';
/**
 * Disables delivery while present (§8). Named as the commercial library names it, so the switch
 * support staff know (`?mboxDisable=1`) keeps working.
 */
export const DISABLE_COOKIE_NAME = 'mboxDisable';
/** The query parameter that disables delivery on this page, and writes the disable cookie. */
export const DISABLE_PARAM = 'mboxDisable';

/** §9 "global mbox name target-global-mbox": the request made when the client starts. */
export const GLOBAL_MBOX_NAME = 'target-global-mbox';
/**
 * `mboxVersion`. §9 "Library version 1.8.2 for the target extension": this client speaks that
 * library's protocol, and the decision server answers both the same way.
 */
export const LIBRARY_VERSION = '1.8.2';
/** §9 "cross domain enabled": sent as `mboxXDomain`. */
export const CROSS_DOMAIN = 'enabled';

/** The vendor whose consent personalisation needs (packages/consent's `personalisation`). */
export const PERSONALISATION_VENDOR = 'personalisation';

/** id of the hiding `<style>`; the head snippet may add it before first paint, the client removes it. */
export const HIDING_STYLE_ID = 'mesura-personalize-hiding';
/** §9 "body-hiding style opacity 0". */
export const BODY_HIDING_CSS = 'body {opacity: 0 !important}';

/** Prefix of the DOM events' names: `mesura:personalize:request-start`, … (events.ts). */
export const EVENT_PREFIX = 'mesura:personalize:';

/** The response token that lets an activity's offers keep scripts (trusted-html.ts). */
export const TRUSTED_TOKEN = 'activity.trusted';

/**
 * Where the sanitiser bundle is, by default: the server serves it beside `/mesura-personalize.js`
 * (server/src/http/front-ends.ts BROWSER_BUNDLES). The `sanitizerUrl` option overrides it.
 */
export const SANITIZER_URL_DEFAULT = '/mesura-sanitize.js';
/** The `window` property on which `/mesura-sanitize.js` publishes its sanitiser. */
export const SANITIZER_GLOBAL = 'mesuraSanitizer';
/**
 * How long the sanitiser's script may take before its load counts as failed: as long as an action
 * may wait for it (SELECTOR_POLLING_TIMEOUT_MS), after which nothing would use it.
 */
export const SANITIZER_LOAD_TIMEOUT_MS = SELECTOR_POLLING_TIMEOUT_MS;

/**
 * How many times a kept offer's action is applied again after the page rendered its elements anew
 * (offer-keeper.ts): a guard against a page that renders again whatever the client applies.
 */
export const REAPPLY_MAX_PER_ACTION = 20;
