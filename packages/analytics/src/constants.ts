/**
 * Fixed values of the analytics beacons and limits of the transport. The beacon values follow
 * `shared/reference/wire-formats.md` §1 and the spec's §9 "Site analytics".
 */

/** Written in the beacon path (`/b/ss/{suites}/1/{version}/s…`); reports split hits by it. */
export const LIBRARY_VERSION = 'MESURA-0.2.0';

/** `cc`: spec §9, "euro currency code". */
export const CURRENCY = 'EUR';
/** `ce`: spec §9, "UTF-8 charset"; beacons are percent-encoded UTF-8. */
export const CHARSET = 'UTF-8';

/** Link type when a call gives none (spec §7: "link type defaults to 'o'", `pe=lnk_o`). */
export const DEFAULT_LINK_TYPE = 'o';
/** `pev2` when a call gives neither a name nor the link's text (spec §7). */
export const DEFAULT_LINK_NAME = 'link clicked';

/**
 * The collector refuses a whole beacon with one value over its limit, so hits are cut to these
 * first. They are @mesura/protocol's `limits` (MAX_VARIABLE_VALUE_CHARS, MAX_URL_CHARS,
 * MAX_LINK_NAME_CHARS, MAX_CONTEXT_DATA_VALUE_CHARS; a test checks they agree), restated because
 * reading them through the `limits` namespace puts all of protocol's constants (~450 B gzip) in
 * the bundle.
 */
export const MAX_VALUE_CHARS = 255;
export const MAX_URL_CHARS = 4096;
export const MAX_LINK_NAME_CHARS = 255;
export const MAX_CONTEXT_DATA_VALUE_CHARS = 1024;

/** `eid`: 16 random bytes, written as 32 hex digits (the collector keys de-duplication on it). */
export const EVENT_ID_BYTES = 16;
/** Digits of the path's cache-buster (`s{random}`); the commercial library draws about 14. */
export const PATH_RANDOM_DIGITS = 14;

/** The query parameter of an internal campaign (eVar31); matched case-sensitively (spec §7). */
export const INTERNAL_CAMPAIGN_PARAM = 'int';
/** The query parameter of an external campaign (v0); matched case-insensitively (spec §7). */
export const EXTERNAL_CAMPAIGN_PARAM = 'ext';

/**
 * File extensions a link is a download for (`lnk_d`), compared case-insensitively with the end of
 * the link's path. The commercial library's default list, plus the media the site publishes. A
 * site's head spells it out (apps/site early-input/capture-pending-activity-map.ts): change both.
 */
export const DEFAULT_DOWNLOAD_EXTENSIONS: readonly string[] = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'zip',
  'rar',
  'exe',
  'mp3',
  'mp4',
  'm4a',
  'wav',
  'mov',
  'avi',
  'csv',
  'txt',
  'epub',
  'srt',
  'vtt',
];

/** ActivityMap `pageIDType`: '1' when `page` is the page name, '0' when it is the URL. */
export const ACTIVITY_MAP_PAGE_NAME = '1';
export const ACTIVITY_MAP_PAGE_URL = '0';
/** `a.activitymap.link` is cut to this length, as the commercial library cuts it. */
export const ACTIVITY_MAP_LINK_MAX_CHARS = 100;
/** The region when no ancestor of the clicked element has an id. */
export const ACTIVITY_MAP_DEFAULT_REGION = 'BODY';
/**
 * sessionStorage key of a click that sent no hit, kept for the next hit (the library's `s_sq`). A
 * site's head spells it out to remember a click made before /mesura.js ran (apps/site
 * early-input/capture-pending-activity-map.ts), as it does DEFAULT_DOWNLOAD_EXTENSIONS.
 */
export const PENDING_CLICK_KEY = 'mesura_click';

/** localStorage key of the beacons that could not be delivered yet. */
export const QUEUE_KEY = 'mesura_queue';
/**
 * The queue keeps at most this many beacons, oldest dropped first. A visitor offline for a long
 * browse produces about one beacon a page; 100 covers that without filling the origin's storage.
 */
export const QUEUE_MAX_BEACONS = 100;
/**
 * …and at most this many bytes of beacons (path and query, percent-encoded, hence ASCII: one
 * character is one byte). Browsers give an origin about 5 MB of localStorage shared with the site.
 */
export const QUEUE_MAX_BYTES = 50_000;
/**
 * Collector answers that a resend cannot fix, so the beacon is dropped rather than queued: bad
 * beacon, unauthorised, origin not allowed, gone, too large, unprocessable (Snowplow's default
 * list, plus 413). Anything else (5xx, 408, 429, a network error) is worth another try.
 */
export const NO_RETRY_STATUSES: readonly number[] = [400, 401, 403, 410, 413, 422];
