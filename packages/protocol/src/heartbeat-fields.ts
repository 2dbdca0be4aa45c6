/**
 * Every fixed key of a media heartbeat (wire-formats §2), written once, in the order the library
 * writes them: its wire type, where it sits in a Heartbeat, which heartbeats carry it, its limits,
 * and the server's row field and column. The encoder (heartbeat-params.ts), the decoder (heartbeat-decoder.ts),
 * the server's stored row (server/src/store/heartbeat-row.ts, heartbeat-pipeline.ts) and its table
 * (heartbeats-schema.ts) are all driven by HEARTBEAT_FIELDS, as variable-slots.ts drives the
 * beacon's numbered variables. The key families with names of their own (`s:meta:*`,
 * `s:cuser:*`) and the TCF signal are apart: they are not one key each.
 */
import type { Heartbeat, HeartbeatAssetType, HeartbeatEventType } from './heartbeat-params.js';

/**
 * How a value is written: `s:` text, `l:` a whole number, `h:` 1 or 0; `position` is a number the
 * library writes as text (`s:asset:pod_position`), floored.
 */
export type HeartbeatValueType = 'string' | 'long' | 'boolean' | 'position';

/** Which heartbeats carry a key. */
export type HeartbeatCarrier =
  /** Every heartbeat. */
  | 'every'
  /** Every heartbeat, once the page set or knows the value (visitor id, player details, names). */
  | 'when-set'
  /** The heartbeats of an ad asset (`s:asset:type=ad`). */
  | 'ad'
  /** Every heartbeat while a chapter is open, ad heartbeats included. */
  | 'chapter'
  /** `error` heartbeats. */
  | 'error';

/** The object of a Heartbeat a field sits in: a group, or the ad, QoS or chapter inside one. */
export type HeartbeatFieldGroup = 'analytics' | 'visitor' | 'serviceProvider' | 'event' | 'asset' | 'ad' | 'stream' | 'qos' | 'chapter';

export interface HeartbeatField {
  key: string;
  type: HeartbeatValueType;
  group: HeartbeatFieldGroup;
  /** Its property in the group's object. */
  prop: string;
  carriedBy: HeartbeatCarrier;
  /** A heartbeat without it cannot be placed in a session: the reader refuses it. */
  required?: boolean;
  /** What the reader takes when the key is absent; without one a text stays absent, a long is 0. */
  fallback?: string | number;
  /** The least value of a long; default 0 (durations, playheads, lengths, counts). */
  min?: number;
  /** A closed set: the values accepted (the reader refuses any other). */
  oneOf?: readonly string[];
  /**
   * The server's row field, its column the same name in snake_case (heartbeatFieldColumn); none
   * for `s:sc:rsid` (each suite it lists is a row's suite) and the resolver. Not a column name
   * too: the table rides in the tracker's bundle.
   */
  row?: string;
}

/** Ad and chapter fields are read only when the ad or chapter id is there (wire §2). */
export const HEARTBEAT_GROUP_IDS: Readonly<Partial<Record<HeartbeatFieldGroup, string>>> = { ad: 's:asset:ad_id', chapter: 's:stream:chapter_id' };

/** The customer ids (`s:cuser:*`) are written right after this key. */
export const CUSTOMER_IDS_AFTER_KEY = 's:user:mid';

/** Every `s:event:type`, in the wire page's order. */
export const HEARTBEAT_EVENT_TYPES = [
  'start', 'aa_start', 'play', 'pause', 'buffer', 'bitrate_change', 'error',
  'chapter_start', 'chapter_complete', 'aa_ad_start', 'complete', 'end', 'resume',
] as const satisfies readonly HeartbeatEventType[];

/** Every `s:asset:type`. */
export const HEARTBEAT_ASSET_TYPES = ['main', 'ad'] as const satisfies readonly HeartbeatAssetType[];

export const HEARTBEAT_FIELDS = [
  { key: 's:sc:rsid', type: 'string', group: 'analytics', prop: 'reportSuite', carriedBy: 'when-set' },
  { key: 's:sc:tracking_server', type: 'string', group: 'analytics', prop: 'trackingServer', carriedBy: 'when-set', row: 'trackingServer' },
  { key: 'h:sc:ssl', type: 'boolean', group: 'analytics', prop: 'ssl', carriedBy: 'every', row: 'ssl' },
  { key: 's:user:mid', type: 'string', group: 'visitor', prop: 'visitorId', carriedBy: 'when-set', row: 'visitorId' },
  { key: 's:sp:ovp', type: 'string', group: 'serviceProvider', prop: 'ovp', carriedBy: 'when-set', row: 'ovp' },
  /** the player's app version. */
  { key: 's:sp:sdk', type: 'string', group: 'serviceProvider', prop: 'sdk', carriedBy: 'when-set', row: 'appVersion' },
  { key: 's:sp:channel', type: 'string', group: 'serviceProvider', prop: 'channel', carriedBy: 'when-set', row: 'playerChannel' },
  { key: 's:sp:player_name', type: 'string', group: 'serviceProvider', prop: 'playerName', carriedBy: 'every', fallback: '', row: 'playerName' },
  { key: 's:sp:hb_version', type: 'string', group: 'serviceProvider', prop: 'libraryVersion', carriedBy: 'every', fallback: '', row: 'libraryVersion' },
  { key: 'l:sp:hb_api_lvl', type: 'long', group: 'serviceProvider', prop: 'apiLevel', carriedBy: 'every', row: 'apiLevel' },
  /** epoch ms followed by random digits. */
  { key: 's:event:sid', type: 'string', group: 'event', prop: 'sessionId', carriedBy: 'every', required: true, row: 'sessionId' },
  { key: 's:event:type', type: 'string', group: 'event', prop: 'type', carriedBy: 'every', required: true, oneOf: HEARTBEAT_EVENT_TYPES, row: 'eventType' },
  /** ms since the previous heartbeat of the state. */
  { key: 'l:event:duration', type: 'long', group: 'event', prop: 'duration', carriedBy: 'every', row: 'durationMs' },
  /** seconds of the content (an ad's: where its break sits). */
  { key: 'l:event:playhead', type: 'long', group: 'event', prop: 'playhead', carriedBy: 'every', row: 'playheadS' },
  /** epoch ms of the client clock. */
  { key: 'l:event:ts', type: 'long', group: 'event', prop: 'ts', carriedBy: 'every', required: true, row: 'tsMs' },
  /** the previous of its type and asset, -1 for the first. */
  { key: 'l:event:prev_ts', type: 'long', group: 'event', prop: 'prevTs', carriedBy: 'every', fallback: -1, min: -1, row: 'prevTsMs' },
  { key: 's:event:id', type: 'string', group: 'event', prop: 'errorId', carriedBy: 'error', row: 'errorId' },
  { key: 's:event:source', type: 'string', group: 'event', prop: 'errorSource', carriedBy: 'error', row: 'errorSource' },
  /** main or ad. */
  { key: 's:asset:type', type: 'string', group: 'asset', prop: 'type', carriedBy: 'every', required: true, oneOf: HEARTBEAT_ASSET_TYPES, row: 'assetType' },
  { key: 's:asset:name', type: 'string', group: 'asset', prop: 'name', carriedBy: 'when-set', row: 'contentName' },
  /** the main content's id, on ad heartbeats too. */
  { key: 's:asset:video_id', type: 'string', group: 'asset', prop: 'videoId', carriedBy: 'every', required: true, row: 'contentId' },
  { key: 's:asset:publisher', type: 'string', group: 'asset', prop: 'publisher', carriedBy: 'every', fallback: '', row: 'publisher' },
  { key: 'l:asset:length', type: 'long', group: 'asset', prop: 'length', carriedBy: 'every', row: 'contentLengthS' },
  { key: 's:asset:ad_id', type: 'string', group: 'ad', prop: 'id', carriedBy: 'ad', row: 'adId' },
  { key: 's:asset:ad_name', type: 'string', group: 'ad', prop: 'name', carriedBy: 'ad', row: 'adName' },
  /** one playback of the ad. */
  { key: 's:asset:ad_sid', type: 'string', group: 'ad', prop: 'sid', carriedBy: 'ad', fallback: '', row: 'adSid' },
  /** the ad break: {md5(content id)}_{break position}. */
  { key: 's:asset:pod_id', type: 'string', group: 'ad', prop: 'podId', carriedBy: 'ad', fallback: '', row: 'podId' },
  { key: 's:asset:pod_name', type: 'string', group: 'ad', prop: 'podName', carriedBy: 'ad', row: 'podName' },
  /** the ad in its break. */
  { key: 's:asset:pod_position', type: 'position', group: 'ad', prop: 'podPosition', carriedBy: 'ad', row: 'podPosition' },
  { key: 's:asset:resolver', type: 'string', group: 'ad', prop: 'resolver', carriedBy: 'ad' },
  /** the break's start in the content, seconds. */
  { key: 'l:asset:pod_offset', type: 'long', group: 'ad', prop: 'podOffset', carriedBy: 'ad', row: 'podOffsetS' },
  { key: 'l:asset:ad_length', type: 'long', group: 'ad', prop: 'length', carriedBy: 'ad', row: 'adLengthS' },
  /** vod, live, linear, podcast, audiobook, aod. */
  { key: 's:stream:type', type: 'string', group: 'stream', prop: 'type', carriedBy: 'every', fallback: '', row: 'streamType' },
  /** bits per second. */
  { key: 'l:stream:bitrate', type: 'long', group: 'qos', prop: 'bitrate', carriedBy: 'every', row: 'bitrate' },
  { key: 'l:stream:fps', type: 'long', group: 'qos', prop: 'fps', carriedBy: 'every', row: 'fps' },
  /** the player's counter. */
  { key: 'l:stream:dropped_frames', type: 'long', group: 'qos', prop: 'droppedFrames', carriedBy: 'every', row: 'droppedFrames' },
  /** ms (the player gives seconds). */
  { key: 'l:stream:startup_time', type: 'long', group: 'qos', prop: 'startupTimeMs', carriedBy: 'every', row: 'startupTimeMs' },
  /** {md5(content id)}_{chapter position}. */
  { key: 's:stream:chapter_id', type: 'string', group: 'chapter', prop: 'id', carriedBy: 'chapter', row: 'chapterId' },
  /** one playback of the chapter. */
  { key: 's:stream:chapter_sid', type: 'string', group: 'chapter', prop: 'sid', carriedBy: 'chapter', fallback: '', row: 'chapterSid' },
  { key: 's:stream:chapter_name', type: 'string', group: 'chapter', prop: 'name', carriedBy: 'chapter', row: 'chapterName' },
  { key: 'l:stream:chapter_pos', type: 'long', group: 'chapter', prop: 'position', carriedBy: 'chapter', row: 'chapterPosition' },
  { key: 'l:stream:chapter_length', type: 'long', group: 'chapter', prop: 'length', carriedBy: 'chapter', row: 'chapterLengthS' },
  /** its start in the content, seconds. */
  { key: 'l:stream:chapter_offset', type: 'long', group: 'chapter', prop: 'offset', carriedBy: 'chapter', row: 'chapterOffsetS' },
] as const satisfies readonly HeartbeatField[];

type Fields = (typeof HEARTBEAT_FIELDS)[number];
type Stored = Extract<Fields, { row: string }>;
type ValueOf<F> = F extends { oneOf: readonly (infer V)[] }
  ? V
  : F extends { type: 'string' }
    ? string
    : F extends { type: 'boolean' }
      ? boolean
      : number;
type Nullable<F> = F extends { group: 'ad' | 'chapter' }
  ? true
  : F extends { required: true } | { fallback: string | number } | { type: 'long' | 'boolean' }
    ? false
    : true;

/** The fields of a stored heartbeat row that come from the wire, one per stored field. */
export type HeartbeatWireRow = { [F in Stored as F['row']]: Nullable<F> extends true ? ValueOf<F> | null : ValueOf<F> };

/** `durationMs` → `duration_ms`: the server's column of a stored field. */
export function heartbeatFieldColumn(field: HeartbeatField): string | undefined {
  return field.row?.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Whether a field's column may be null: an ad's or chapter's (absent on other heartbeats), or a
 * text with no fallback. Longs and booleans always have a value (0, false).
 */
export function heartbeatFieldNullable(field: HeartbeatField): boolean {
  if (field.group === 'ad' || field.group === 'chapter') return true;
  return !(field.required === true || field.fallback !== undefined || field.type === 'long' || field.type === 'boolean');
}

/** The object of `heartbeat` that holds `group`'s fields; undefined for an ad or chapter it lacks. */
export function heartbeatGroup(heartbeat: Heartbeat, group: HeartbeatFieldGroup): Record<string, unknown> | undefined {
  switch (group) {
    case 'visitor':
      return heartbeat as unknown as Record<string, unknown>;
    case 'ad':
      return heartbeat.asset.ad as unknown as Record<string, unknown> | undefined;
    case 'qos':
      return heartbeat.stream.qos as unknown as Record<string, unknown>;
    case 'chapter':
      return heartbeat.stream.chapter as unknown as Record<string, unknown> | undefined;
    default:
      return heartbeat[group] as unknown as Record<string, unknown>;
  }
}

/** The value of `field` in `heartbeat`; undefined when the heartbeat has none. */
export function heartbeatFieldValue(heartbeat: Heartbeat, field: HeartbeatField): string | number | boolean | undefined {
  return heartbeatGroup(heartbeat, field.group)?.[field.prop] as string | number | boolean | undefined;
}
