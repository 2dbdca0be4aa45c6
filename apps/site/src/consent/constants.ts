/**
 * The site's consent constants. The debug switches are those of packages/tags' logger
 * (`DEBUG_QUERY_PARAM`, `DEBUG_STORAGE_KEY`), so one switch turns on every Mesura log in the page.
 */

/** `?mesura_debug=1` turns debug logging on for one page load. */
export const DEBUG_QUERY_PARAM = 'mesura_debug';
/** `localStorage.mesura_debug = '1'` (or `'true'`) keeps debug logging on across pages. */
export const DEBUG_STORAGE_KEY = 'mesura_debug';
/** Prefix of every consent debug line, next to the tags runtime's `[mesura tags]`. */
export const LOG_PREFIX = '[mesura consent]';

/** Class of the element the banner is rendered into: styles.css makes it stick to the viewport's bottom. */
export const CONSENT_ROOT_CLASS = 'consent-root';
