/** Vendor (consent list entry) every analytics hit and the visitor cookie need (§5). */
export const WEB_ANALYTICS_VENDOR = 'web-analytics';

/** File name of the activity-map module, served beside `/mesura.js`. */
export const ACTIVITY_MAP_FILE = 'mesura-activity-map.js';

/** The SDK bundle, at the site's root. */
export const SDK_FILE = 'mesura.js';

/** File name of the media tracker bundle, served beside `/mesura.js`. */
export const MEDIA_FILE = 'mesura-media.js';
