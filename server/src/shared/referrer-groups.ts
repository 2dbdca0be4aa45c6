/**
 * How a visit's referrer is grouped: search engines, social networks, other sites, or direct (no
 * referrer, or the site itself after a pause). Hosts are matched by their registrable part
 * (`www.google.es` and `news.google.com` are Google), from these fixed lists.
 */

export type ReferrerGroup = 'cercadors' | 'xarxes-socials' | 'altres-webs' | 'directe';

export const REFERRER_GROUP_LABELS: Readonly<Record<ReferrerGroup, string>> = {
  cercadors: 'Cercadors',
  'xarxes-socials': 'Xarxes socials',
  'altres-webs': 'Altres webs',
  directe: 'Directe',
};

/** Second-level names of search engines (the part before the public suffix). */
export const SEARCH_ENGINE_NAMES = ['google', 'bing', 'duckduckgo', 'yahoo', 'ecosia', 'qwant', 'yandex', 'baidu', 'startpage', 'brave'] as const;

/** Hosts (or their registrable part) of social networks and messaging apps. */
export const SOCIAL_NETWORK_HOSTS = [
  'facebook.com',
  'fb.com',
  'instagram.com',
  'twitter.com',
  'x.com',
  't.co',
  'linkedin.com',
  'lnkd.in',
  'tiktok.com',
  'youtube.com',
  'reddit.com',
  'pinterest.com',
  'mastodon.social',
  'bsky.app',
  'threads.net',
  'whatsapp.com',
  'telegram.org',
  't.me',
] as const;

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The same rule as SQL over a visit's `referrer_host` and `entry_url`, for DuckDB: the store sets
 * each visit's `referrer_group` with it as the visit loads (store/duckdb/report-facts-load.ts).
 * The lists are the constants above, never request text.
 */
export const REFERRER_GROUP_SQL = `CASE
  WHEN referrer_host IS NULL OR referrer_host = lower(regexp_extract(entry_url, '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)', 1)) THEN 'directe'
  WHEN list_has_any(string_split(referrer_host, '.'), [${quoted(SEARCH_ENGINE_NAMES)}]) THEN 'cercadors'
  WHEN list_has_any([referrer_host], [${quoted(SOCIAL_NETWORK_HOSTS)}])
    OR list_bool_or(list_transform([${quoted(SOCIAL_NETWORK_HOSTS)}], s -> ends_with(referrer_host, '.' || s))) THEN 'xarxes-socials'
  ELSE 'altres-webs' END`;

/**
 * REFERRER_GROUP_SQL for ClickHouse (18.16 and later), over the same columns: the ClickHouse
 * reports group visits with it as they read them (store/clickhouse/report-facts-sql.ts).
 */
export const REFERRER_GROUP_CLICKHOUSE_SQL = `multiIf(
  referrer_host IS NULL OR referrer_host = lower(extract(entry_url, '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)')), 'directe',
  hasAny(splitByChar('.', assumeNotNull(referrer_host)), [${quoted(SEARCH_ENGINE_NAMES)}]), 'cercadors',
  has([${quoted(SOCIAL_NETWORK_HOSTS)}], assumeNotNull(referrer_host))
    OR arrayExists(s -> endsWith(assumeNotNull(referrer_host), concat('.', s)), [${quoted(SOCIAL_NETWORK_HOSTS)}]), 'xarxes-socials',
  'altres-webs')`;
