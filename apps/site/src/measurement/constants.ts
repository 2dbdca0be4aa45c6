/** Direct-call name of a page view (§7). The SDK's rules listen for this exact name. */
export const PAGE_VIEW_CALL = 'scPageView';

/** Site-wide page fields. Reports group by them, so changing one splits the history in two. */
export const PORTAL = 'mesura';
export const WEB = 'mesura.cat';
export const LANGUAGE = 'ca';

/** Page status the reader turns into page type errorPage with an empty page name (§2). */
export const NOT_FOUND_STATUS = 'Error404';

/**
 * The media API's window property unless `mesuraConfig.mediaNamespace` names another, and the event
 * `/mesura-media.js` dispatches once it is there: the SDK's DEFAULT_MEDIA_NAMESPACE and
 * MEDIA_READY_EVENT (packages/sdk/src/constants.ts), repeated so that the site bundles no SDK code.
 */
export const DEFAULT_MEDIA_NAMESPACE = 'mesuraMedia';
export const MEDIA_READY_EVENT = 'mesura:media-ready';
