import type { HitRow } from './hit-row.js';

/** SQL column type names, written so that both DuckDB and ClickHouse have an equivalent. */
export type ColumnType = 'text' | 'timestamp_ms' | 'date' | 'boolean' | 'bigint';

export interface HitColumn {
  name: string;
  type: ColumnType;
  nullable: boolean;
  value: (row: HitRow) => string | number | boolean | null;
  /** One line for the export schema documentation. */
  doc: string;
}

/** The fixed columns of `hits`, in table order. Named variables follow (variableColumns). */
export const HIT_COLUMNS: readonly HitColumn[] = [
  col('event_id', 'text', false, (r) => r.eventId, 'de-duplication key (beacon eid, or digest of the beacon)'),
  col('report_suite', 'text', false, (r) => r.reportSuite, 'report suite the hit was sent to'),
  col('environment', 'text', false, (r) => r.environment, 'development, staging or production'),
  col('received_at', 'timestamp_ms', false, (r) => r.receivedAtMs, 'server receive time (UTC)'),
  col('day', 'date', false, (r) => r.day, 'day of receipt in the configured time zone'),
  col('client_time', 'timestamp_ms', true, (r) => r.clientTimeMs, "client's clock (t), UTC"),
  col('hit_type', 'text', false, (r) => r.hitType, 'page_view, link_o, link_d, link_e, media_start, ad_start'),
  col('visitor_id', 'text', false, (r) => r.visitorId, 'visitor id'),
  col('visitor_id_source', 'text', false, (r) => r.visitorIdSource, 'mid, fid, aid or vid'),
  col('page_name', 'text', true, (r) => r.pageName, 'page name'),
  col('url', 'text', true, (r) => r.url, 'page URL (g)'),
  col('referrer', 'text', true, (r) => r.referrer, 'referrer (r)'),
  col('channel', 'text', true, (r) => r.channel, 'site section channel (ch)'),
  col('link_url', 'text', true, (r) => r.linkUrl, 'link URL (pev1)'),
  col('link_name', 'text', true, (r) => r.linkName, 'link name (pev2)'),
  col('media_type', 'text', true, (r) => r.mediaType, 'media-start hits: video, audio, videoAd (pev3)'),
  col('events', 'text', false, (r) => r.events, 'JSON list of events with names, values, serials'),
  col('context_data', 'text', false, (r) => r.contextData, 'JSON object of context data'),
  col('other_variables', 'text', false, (r) => r.otherVariables, 'JSON object of unnamed slots, hierarchies, lists'),
  col('device_class', 'text', false, (r) => r.deviceClass, 'desktop, mobile, tablet, tv, console, wearable, other, unknown'),
  col('is_bot', 'boolean', false, (r) => r.isBot, 'known bot user agent'),
  col('ip_anonymised', 'text', true, (r) => r.ipAnonymised, 'client address with its last octet / 80 bits zeroed'),
  col('user_agent', 'text', true, (r) => r.userAgent, 'user agent'),
  col('library_version', 'text', false, (r) => r.libraryVersion, 'version in the beacon path'),
];

function col(name: string, type: ColumnType, nullable: boolean, value: HitColumn['value'], doc: string): HitColumn {
  return { name, type, nullable, value, doc };
}

/** `pageType` → `page_type`: column names are snake_case forms of the variable names. */
export function variableColumnName(variable: string): string {
  return variable.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** One nullable text column per named variable of the variable map. */
export function variableColumns(variables: readonly string[]): HitColumn[] {
  return variables.map((name) =>
    col(variableColumnName(name), 'text', true, (r) => r.variables[name] ?? null, `variable ${name}`),
  );
}
