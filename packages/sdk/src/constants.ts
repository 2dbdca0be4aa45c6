/** Vendor (consent list entry) every analytics hit and the visitor cookie need (§5). */
export const WEB_ANALYTICS_VENDOR = 'web-analytics';

/** The one vendor a preview page keeps (preview-mode.ts): its offers are what the editor previews. */
export const PERSONALISATION_VENDOR = 'personalisation';

/**
 * Dispatched on `window` whenever the page declares customer ids (`mesura.setCustomerIds`, §3),
 * for the bundles waiting for them (page-customer-ids.ts).
 */
export const CUSTOMER_IDS_EVENT = 'mesura:customer-ids';

/** File name of the activity-map module, served beside `/mesura.js`. */
export const ACTIVITY_MAP_FILE = 'mesura-activity-map.js';

/** The SDK bundle, at the site's root. */
export const SDK_FILE = 'mesura.js';

/** File name of the ID-sync module (§7 visitor identity), served beside `/mesura.js`, loaded when a sync is due. */
export const ID_SYNC_FILE = 'mesura-id-sync.js';

/** File name of the media tracker bundle, served beside `/mesura.js`. */
export const MEDIA_FILE = 'mesura-media.js';

// ── The media bootstrap (`/mesura-media.js`, src/media-module.ts) ─────────────────────────────────

/** §9 "global export namespace": the window property the media API is exported under, unless mesuraConfig.mediaNamespace names another. */
export const DEFAULT_MEDIA_NAMESPACE = 'mesuraMedia';

/** Dispatched on `window` once the media API is exported (`detail.namespace`), for players that came first. */
export const MEDIA_READY_EVENT = 'mesura:media-ready';

/** §9 "polling for a pre-installed tracker every 250 ms up to 40 times": 10 s for /mesura.js to arrive. */
export const LIBRARY_POLL_INTERVAL_MS = 250;
export const LIBRARY_POLL_MAX_POLLS = 40;

/** Vendor (consent list entry) media heartbeats and their start hits need (§4 player events). */
export const VIDEO_ANALYTICS_VENDOR = 'video-analytics';

/**
 * The heartbeat collector's path on the page's host (wire-formats §2: `GET {trackingServer}/?…`,
 * settings at `{trackingServer}/settings/{publisher}.xml`). The server routes it; moving it
 * orphans the sessions of every page still loading the old bundle.
 */
export const HEARTBEAT_PATH = '/hb';

/** The organisation id (§5 setup): names the settings file, `/hb/settings/mesura.xml`. */
export const MEDIA_PUBLISHER = 'mesura';

/** `s:sp:player_name` of each adapter, unless the page names its player. */
export const HTML5_PLAYER_NAME = 'html5';
export const HLS_PLAYER_NAME = 'hls.js';

/** File name of the personalisation client bundle, loaded by the head snippet. */
export const PERSONALIZE_FILE = 'mesura-personalize.js';

/** The decision server's client code for this site (`/m2/{clientCode}/mbox/json`; server MESURA_CLIENT_CODES). */
export const PERSONALISATION_CLIENT_CODE = 'mesura';

// ── The audience-management module (`/mesura-audience.js`, src/audience-module.ts) ───────────────

/** File name of the audience module, served beside `/mesura.js`; the audience-measurement rule loads it. */
export const AUDIENCE_FILE = 'mesura-audience.js';

/** The window property the audience module exposes `segments()` under. */
export const AUDIENCE_NAMESPACE = 'mesuraAudience';

/** Dispatched on `window` once the audience module ran (`detail.segments`). */
export const AUDIENCE_READY_EVENT = 'mesura:audience-ready';
