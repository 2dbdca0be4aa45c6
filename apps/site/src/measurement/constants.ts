/** Direct-call name of a page view (§7). The SDK's rules listen for this exact name. */
export const PAGE_VIEW_CALL = 'scPageView';

/** Site-wide page fields. Reports group by them, so changing one splits the history in two. */
export const PORTAL = 'mesura';
export const WEB = 'mesura.cat';
export const LANGUAGE = 'ca';

/** Page status the reader turns into page type errorPage with an empty page name (§2). */
export const NOT_FOUND_STATUS = 'Error404';
