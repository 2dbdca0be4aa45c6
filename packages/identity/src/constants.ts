/**
 * Cookie names, lifetimes, parameters and limits of the visitor's identity (spec §3, §7, §9).
 * Browsers already hold these cookies and links already carry the parameter: renaming one gives
 * every visitor a new id, so a name changes only with a migration that reads the old one.
 */

/**
 * First-party visitor-id cookie. The SDK wrote this name and format (`16HEX-16HEX`) before this
 * package existed; keeping both keeps every existing visitor's id.
 */
export const VISITOR_COOKIE_NAME = 'mesura_fid';
/** §9 "cookie default lifetime 34190000 s" (about 13 months). */
export const VISITOR_COOKIE_MAX_AGE_S = 34_190_000;

/** Remembers the visitor's privacy choice: `out` or `in` (privacy.ts). */
export const PRIVACY_COOKIE_NAME = 'mesura_privacy';
/** §9 "opt-out default TTL 7200 s": after two hours the status is unknown again. */
export const OPT_OUT_TTL_S = 7_200;
/** §9 "opt-in default storage expiry 33696000 s" (390 days). */
export const OPT_IN_MAX_AGE_S = 33_696_000;

/** Customer-id auth states (§3, §9 "customer-ID states 0/1/2"): the wire's, from @mesura/protocol. */
export { AUTH_STATE_AUTHENTICATED, AUTH_STATE_LOGGED_OUT, AUTH_STATE_UNKNOWN } from '@mesura/protocol';

/** Integration codes of the logged-in user's ids read from the data layer (§3 "User"). */
export const USER_ID_CODE = 'idUsuari';
export const BIG_DATA_ID_CODE = 'idBigData';

/**
 * Session-storage key of the customer ids a page declared (customer-id-storage.ts): the
 * personalisation bundle and /mesura.js both read it, so renaming it loses the ids of every open
 * tab until the site declares them again.
 */
export const CUSTOMER_IDS_STORAGE_KEY = 'mesura_cids';

/** Query parameter carrying `{visitorId}.{epochSeconds}` to a sister domain (§9 cross-domain linking). */
export const CROSS_DOMAIN_PARAM = 'mesura_vid';
/**
 * How old a cross-domain parameter may be when it arrives. A click reaches the sister domain in
 * seconds; a link copied from the address bar and shared later must not give a stranger this
 * visitor's id, so minutes, not hours.
 */
export const CROSS_DOMAIN_LINK_MAX_AGE_S = 300;
/**
 * How far in the future a parameter's time may be. Sender and receiver are the same browser, so
 * this only absorbs a clock step; without a bound a forged far-future link would never expire.
 */
export const CROSS_DOMAIN_LINK_CLOCK_SKEW_S = 60;

/** The collector's identity endpoint and its timestamp parameter (§7 "Visitor identity"). */
export const COLLECTOR_IDENTITY_PATH = '/id';
export const COLLECTOR_TIMESTAMP_PARAM = 'd_ts';
/**
 * The collector's endpoint that erases its own cookie of the visitor (`POST`, with credentials):
 * the cookie is HttpOnly and on the collector's host, so only the collector's answer can remove it.
 * The server routes it (server/src/identity/identity-routes.ts): moving it leaves the collector's
 * id in the browsers of visitors who withdraw through an older bundle.
 */
export const COLLECTOR_FORGET_PATH = '/id/forget';
/**
 * The spec has no timeout for this call; §9's "visitor-API timeout 2000 ms" belongs to
 * personalisation's visitor lookup, the same kind of request, so it is reused.
 */
export const COLLECTOR_IDENTITY_TIMEOUT_MS = 2_000;

// ── The ID-sync frame (id-sync.ts; its wire is @mesura/protocol's id-sync.ts) ───────────────────

/**
 * §9 "ID-sync frequency 1 day": a visitor is synced at most once in this time, remembered by the
 * cookie below; a shorter time loads the frame on more page views, a longer one leaves a new
 * collector id unknown for longer.
 */
export const ID_SYNC_FREQUENCY_MS = 86_400_000;
/** Remembers the last sync for ID_SYNC_FREQUENCY_MS: present means synced within the day. */
export const ID_SYNC_COOKIE_NAME = 'mesura_sync';
/** §9 "sync data max length 649", in characters: re-exported from @mesura/protocol, where the frame reads it. */
export { ID_SYNC_DATA_MAX_LENGTH } from '@mesura/protocol';
/**
 * §9 "sync throttle start 30000 ms": the frame is loaded this long after the page started, so that
 * it never competes with the page's own loading, and a visitor who leaves sooner costs nothing.
 */
export const ID_SYNC_THROTTLE_START_MS = 30_000;
/**
 * §9 "handshake timeout 250 ms": from the frame's load, how long its `ready` may take. A frame
 * that is slower is taken as broken (blocked, an error page) and removed.
 */
export const ID_SYNC_HANDSHAKE_TIMEOUT_MS = 250;
