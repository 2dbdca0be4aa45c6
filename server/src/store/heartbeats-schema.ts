import type { HeartbeatRow } from './heartbeat-row.js';

/** SQL column types of `heartbeats`, each with a DuckDB and a ClickHouse equivalent. */
export type HeartbeatColumnType = 'text' | 'bigint' | 'timestamp_ms' | 'date' | 'boolean';

export interface HeartbeatColumn {
  name: string;
  type: HeartbeatColumnType;
  nullable: boolean;
  /** The HeartbeatRow field (ingest-log JSON key) the column is read from. */
  source: Exclude<keyof HeartbeatRow, 'kind'>;
  doc: string;
}

/** The columns of `heartbeats`, in table order: one per field of the wire that a report can use. */
export const HEARTBEAT_COLUMNS: readonly HeartbeatColumn[] = [
  col('heartbeat_id', 'text', false, 'heartbeatId', 'de-duplication key (digest of session, type, asset, ts, duration, playhead, ad, chapter, error)'),
  col('report_suite', 'text', false, 'reportSuite', 's:sc:rsid, or the server suite when absent'),
  col('environment', 'text', false, 'environment', 'development, staging or production'),
  col('received_at', 'timestamp_ms', false, 'receivedAtMs', 'server receive time (UTC)'),
  col('day', 'date', false, 'day', 'day of receipt in the configured time zone'),
  col('session_id', 'text', false, 'sessionId', 's:event:sid'),
  col('event_type', 'text', false, 'eventType', 's:event:type'),
  col('ts_ms', 'bigint', false, 'tsMs', 'l:event:ts, epoch ms of the client clock'),
  col('prev_ts_ms', 'bigint', false, 'prevTsMs', 'l:event:prev_ts, -1 for the first of its type'),
  col('duration_ms', 'bigint', false, 'durationMs', 'l:event:duration, ms since the previous heartbeat of the state'),
  col('playhead_s', 'bigint', false, 'playheadS', 'l:event:playhead'),
  col('error_id', 'text', true, 'errorId', 's:event:id'),
  col('error_source', 'text', true, 'errorSource', 's:event:source'),
  col('asset_type', 'text', false, 'assetType', 'main or ad'),
  col('content_id', 'text', false, 'contentId', 's:asset:video_id'),
  col('content_name', 'text', true, 'contentName', 's:asset:name'),
  col('publisher', 'text', false, 'publisher', 's:asset:publisher'),
  col('content_length_s', 'bigint', false, 'contentLengthS', 'l:asset:length'),
  col('ad_id', 'text', true, 'adId', 's:asset:ad_id'),
  col('ad_name', 'text', true, 'adName', 's:asset:ad_name'),
  col('ad_sid', 'text', true, 'adSid', 's:asset:ad_sid, one playback of the ad'),
  col('pod_id', 'text', true, 'podId', 's:asset:pod_id, the ad break'),
  col('pod_name', 'text', true, 'podName', 's:asset:pod_name'),
  col('pod_position', 'bigint', true, 'podPosition', 's:asset:pod_position, the ad in its break'),
  col('pod_offset_s', 'bigint', true, 'podOffsetS', 'l:asset:pod_offset'),
  col('ad_length_s', 'bigint', true, 'adLengthS', 'l:asset:ad_length'),
  col('stream_type', 'text', false, 'streamType', 's:stream:type: vod, live, linear, podcast, audiobook, aod'),
  col('bitrate', 'bigint', false, 'bitrate', 'l:stream:bitrate, bits per second'),
  col('fps', 'bigint', false, 'fps', 'l:stream:fps'),
  col('dropped_frames', 'bigint', false, 'droppedFrames', "l:stream:dropped_frames, the player's counter"),
  col('startup_time_ms', 'bigint', false, 'startupTimeMs', 'l:stream:startup_time'),
  col('chapter_id', 'text', true, 'chapterId', 's:stream:chapter_id'),
  col('chapter_sid', 'text', true, 'chapterSid', 's:stream:chapter_sid, one playback of the chapter'),
  col('chapter_name', 'text', true, 'chapterName', 's:stream:chapter_name'),
  col('chapter_position', 'bigint', true, 'chapterPosition', 'l:stream:chapter_pos'),
  col('chapter_length_s', 'bigint', true, 'chapterLengthS', 'l:stream:chapter_length'),
  col('chapter_offset_s', 'bigint', true, 'chapterOffsetS', 'l:stream:chapter_offset'),
  col('programme', 'text', true, 'programme', 'a.media.show, else the programme metadata of the data layer'),
  col('metadata', 'text', false, 'metadata', 'JSON object of s:meta:* keys'),
  col('visitor_id', 'text', true, 'visitorId', 's:user:mid'),
  col('customer_ids', 'text', false, 'customerIds', 'JSON object of s:cuser:* ids by integration code'),
  col('ovp', 'text', true, 'ovp', 's:sp:ovp'),
  col('app_version', 'text', true, 'appVersion', 's:sp:sdk'),
  col('player_channel', 'text', true, 'playerChannel', 's:sp:channel'),
  col('player_name', 'text', false, 'playerName', 's:sp:player_name'),
  col('library_version', 'text', false, 'libraryVersion', 's:sp:hb_version'),
  col('api_level', 'bigint', false, 'apiLevel', 'l:sp:hb_api_lvl'),
  col('tracking_server', 'text', true, 'trackingServer', 's:sc:tracking_server'),
  col('ssl', 'boolean', false, 'ssl', 'h:sc:ssl'),
  col('device_class', 'text', false, 'deviceClass', 'desktop, mobile, tablet, tv, console, wearable, other, unknown'),
  col('is_bot', 'boolean', false, 'isBot', 'known bot user agent'),
  col('ip_anonymised', 'text', true, 'ipAnonymised', 'client address with its last octet / 80 bits zeroed'),
  col('browser_name', 'text', true, 'browserName', 'browser parsed from the user agent'),
  col('browser_major_version', 'text', true, 'browserMajorVersion', "the browser's major version"),
  col('os_name', 'text', true, 'osName', 'operating system parsed from the user agent'),
  col('user_agent', 'text', true, 'userAgent', 'raw user agent: null unless MESURA_KEEP_USER_AGENT=true'),
  col('consent', 'text', true, 'consent', 'granted, unknown (no TCF signal) or not-applicable (gdpr=0); null on rows stored before the collector checked consent'),
];

function col(name: string, type: HeartbeatColumnType, nullable: boolean, source: HeartbeatColumn['source'], doc: string): HeartbeatColumn {
  return { name, type, nullable, source, doc };
}
