/**
 * A visit's referrer group (shared/referrer-groups.ts: the rule and its host lists) as SQL over the
 * visit's `referrer_host` and `entry_url`, each engine's text beside the other's. DuckDB sets each
 * visit's `referrer_group` with it as the visit loads (duckdb/report-facts-load.ts); ClickHouse
 * groups visits with it as the reports read them (clickhouse/report-facts-sql.ts, 18.16 and later).
 * The lists are the shared constants, never request text.
 */
import { SEARCH_ENGINE_NAMES, SOCIAL_NETWORK_HOSTS } from '../shared/referrer-groups.js';

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const REFERRER_GROUP_SQL = {
  duckdb: `CASE
  WHEN referrer_host IS NULL OR referrer_host = lower(regexp_extract(entry_url, '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)', 1)) THEN 'directe'
  WHEN list_has_any(string_split(referrer_host, '.'), [${quoted(SEARCH_ENGINE_NAMES)}]) THEN 'cercadors'
  WHEN list_has_any([referrer_host], [${quoted(SOCIAL_NETWORK_HOSTS)}])
    OR list_bool_or(list_transform([${quoted(SOCIAL_NETWORK_HOSTS)}], s -> ends_with(referrer_host, '.' || s))) THEN 'xarxes-socials'
  ELSE 'altres-webs' END`,
  clickhouse: `multiIf(
  referrer_host IS NULL OR referrer_host = lower(extract(entry_url, '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)')), 'directe',
  hasAny(splitByChar('.', assumeNotNull(referrer_host)), [${quoted(SEARCH_ENGINE_NAMES)}]), 'cercadors',
  has([${quoted(SOCIAL_NETWORK_HOSTS)}], assumeNotNull(referrer_host))
    OR arrayExists(s -> endsWith(assumeNotNull(referrer_host), concat('.', s)), [${quoted(SOCIAL_NETWORK_HOSTS)}]), 'xarxes-socials',
  'altres-webs')`,
} as const;
