import type { HitRow } from './hit-row.js';

/** SQL column type names, written so that both DuckDB and ClickHouse have an equivalent. */
export type ColumnType = 'text' | 'timestamp_ms' | 'date' | 'boolean';

/** Where a column's value sits in a HitRow (the ingest log's JSON lines). */
export type HitSource = Exclude<keyof HitRow, 'variables'> | { variable: string };

export interface HitColumn {
  name: string;
  type: ColumnType;
  nullable: boolean;
  source: HitSource;
  /** One line for the export schema documentation. */
  doc: string;
}

/** The fixed columns of `hits`, in table order. Named variables follow (variableColumns). */
export const HIT_COLUMNS: readonly HitColumn[] = [
  col('event_id', 'text', false, 'eventId', 'de-duplication key (beacon eid, or digest of the beacon)'),
  col('report_suite', 'text', false, 'reportSuite', 'report suite the hit was sent to'),
  col('environment', 'text', false, 'environment', 'development, staging or production'),
  col('received_at', 'timestamp_ms', false, 'receivedAtMs', 'server receive time (UTC)'),
  col('day', 'date', false, 'day', 'day of receipt in the configured time zone'),
  col('client_time', 'timestamp_ms', true, 'clientTimeMs', "client's clock (t), UTC"),
  col('hit_type', 'text', false, 'hitType', 'page_view, link_o, link_d, link_e, media_start, ad_start, page_engagement'),
  col('visitor_id', 'text', false, 'visitorId', 'visitor id'),
  col('visitor_id_source', 'text', false, 'visitorIdSource', 'mid, fid, aid or vid'),
  col('page_name', 'text', true, 'pageName', 'page name'),
  col('url', 'text', true, 'url', 'page URL (g)'),
  col('referrer', 'text', true, 'referrer', 'referrer (r)'),
  col('channel', 'text', true, 'channel', 'site section channel (ch)'),
  col('link_url', 'text', true, 'linkUrl', 'link URL (pev1)'),
  col('link_name', 'text', true, 'linkName', 'link name (pev2)'),
  col('media_type', 'text', true, 'mediaType', 'media-start hits: video, audio, videoAd (pev3)'),
  col('events', 'text', false, 'events', 'JSON list of events with names, values, serials'),
  col('context_data', 'text', false, 'contextData', 'JSON object of context data'),
  col('other_variables', 'text', false, 'otherVariables', 'JSON object of unnamed slots, hierarchies, lists'),
  col('device_class', 'text', false, 'deviceClass', 'desktop, mobile, tablet, tv, console, wearable, other, unknown'),
  col('is_bot', 'boolean', false, 'isBot', 'known bot user agent'),
  col('ip_anonymised', 'text', true, 'ipAnonymised', 'client address with its last octet / 80 bits zeroed'),
  col('geo_country', 'text', true, 'geoCountry', "country of the client address (ISO 3166-1 alpha-2), placed at ingest (the address's database: MESURA_GEO_DB)"),
  col('geo_region', 'text', true, 'geoRegion', 'first-level region of the client address (a Spanish autonomous community, a French région…)'),
  col('geo_province', 'text', true, 'geoProvince', 'second-level region of the client address (a Spanish province), where the database has one'),
  col('geo_city', 'text', true, 'geoCity', 'city of the client address'),
  col('browser_name', 'text', true, 'browserName', 'browser parsed from the user agent (Chrome, Firefox, Mobile Safari…)'),
  col('browser_major_version', 'text', true, 'browserMajorVersion', "the browser's major version"),
  col('os_name', 'text', true, 'osName', 'operating system parsed from the user agent (Windows, Android, iOS…)'),
  col('user_agent', 'text', true, 'userAgent', 'raw user agent: null unless MESURA_KEEP_USER_AGENT=true'),
  col('library_version', 'text', false, 'libraryVersion', 'version in the beacon path'),
  col('consent', 'text', true, 'consent', 'granted, unknown (no TCF signal) or not-applicable (gdpr=0); null on rows stored before the collector checked consent'),
];

function col(name: string, type: ColumnType, nullable: boolean, source: HitSource, doc: string): HitColumn {
  return { name, type, nullable, source, doc };
}

/** `pageType` → `page_type`: column names are snake_case forms of the variable names. */
export function variableColumnName(variable: string): string {
  return variable.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** One nullable text column per named variable of the variable map. */
export function variableColumns(variables: readonly string[]): HitColumn[] {
  return variables.map((name) => col(variableColumnName(name), 'text', true, { variable: name }, `variable ${name}`));
}
