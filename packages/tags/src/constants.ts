/**
 * The tag runtime's limits and names (spec §9 "Rules"). Units are in the names.
 */

/**
 * §9: a condition or an action that has not settled after this long is abandoned. Rules run one
 * after another, so this is also the longest one slow component can hold back the rules behind it.
 */
export const ACTION_TIMEOUT_MS = 2000;

/**
 * §9: a data element may refer to others (a template, a first value, a custom function) at most
 * this many levels deep; one level deeper is reported as a circular reference.
 */
export const MAX_DATA_ELEMENT_DEPTH = 10;

/** §9: query-string parsing reads at most this many keys, so a forged URL cannot make it slow. */
export const MAX_QUERY_KEYS = 1000;

/**
 * §9: the time-of-day data elements (weekday, hour, local time) are computed at UTC+1, the
 * broadcaster's standard time, whatever the visitor's clock says. Fixed: there is no summer time.
 */
export const TIMEZONE_OFFSET_HOURS = 1;

/** §9 "Catalan weekday names", indexed like `Date.prototype.getUTCDay` (0 = Sunday). */
export const CATALAN_WEEKDAYS = ['diumenge', 'dilluns', 'dimarts', 'dimecres', 'dijous', 'divendres', 'dissabte'] as const;

/**
 * A route change fires once the history has been quiet this long: a pushState followed by a
 * replaceState (a redirect) is one navigation, and the app has time to write its data layer first.
 */
export const ROUTE_CHANGE_SETTLE_MS = 100;

/** Rules without an `order` run as if they had this one (lower runs first). */
export const DEFAULT_RULE_ORDER = 50;

/** §7: link type of a link track when the action does not say. */
export const DEFAULT_LINK_TYPE = 'o';

/** `?mesura_debug=1` in the page's URL turns the debug log on for that page. */
export const DEBUG_QUERY_PARAM = 'mesura_debug';

/** `localStorage.mesura_debug = '1'` (or `'true'`) turns the debug log on until removed. */
export const DEBUG_STORAGE_KEY = 'mesura_debug';

/** Host names that count as a developer's machine when the property allows localhost. */
export const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

/** Every line of the debug log starts with this. */
export const LOG_PREFIX = '[mesura tags]';
