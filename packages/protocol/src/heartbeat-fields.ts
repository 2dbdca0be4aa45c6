/**
 * Every fixed key of a media heartbeat (wire-formats §2), written once, in the order the library
 * writes them: its wire type, where it sits in a Heartbeat, which heartbeats carry it, its limits,
 * and the server's row field and column. The encoder (heartbeat-params.ts), the decoder (heartbeat-decoder.ts),
 * the server's stored row (server/src/store/heartbeat-row.ts, heartbeat-pipeline.ts) and its table
 * (heartbeats-schema.ts) are all driven by HEARTBEAT_FIELDS, as variable-slots.ts drives the
 * beacon's numbered variables. The key families with names of their own (`s:meta:*`,
 * `s:cuser:*`) and the TCF signal are apart: they are not one key each.
 */
import type { Heartbeat, HeartbeatAssetType, HeartbeatEventType } from './heartbeat.js';

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

/**
 * One field. The table rides in the tracker's bundle, so what can be derived is: the wire type is
 * the key's prefix (heartbeatFieldType) unless `type` says `position`; the heartbeats that carry it
 * are the ad's or the chapter's for those groups, else every heartbeat, unless `carriedBy` says
 * (heartbeatFieldCarrier).
 */
export interface HeartbeatField {
  key: string;
  type?: 'position';
  group: HeartbeatFieldGroup;
  /** Its property in the group's object. */
  prop: string;
  carriedBy?: HeartbeatCarrier;
  /** A heartbeat without it cannot be placed in a session: the reader refuses it. */
  required?: boolean;
  /** What the reader takes when the key is absent; without one a text stays absent, a long is 0. */
  fallback?: string | number;
  /** The least value of a long; default 0 (durations, timestamps, counts); AS_SENT for none. */
  min?: number;
  /** A closed set (HEARTBEAT_CLOSED_SETS): the values accepted; the reader refuses any other. */
  oneOf?: HeartbeatClosedSet;
  /**
   * The server's row field (heartbeatFieldRow: default the prop), its column the same name in
   * snake_case (heartbeatFieldColumn); `false` for a key not stored as such: `s:sc:rsid` (each
   * suite it lists is a row's suite) and the resolver.
   */
  row?: string | false;
}

/**
 * The least value of the playhead and of the lengths and offsets the page gives: none. The
 * commercial library passes them on unchecked, negative too (a media of length -30 completes at
 * playhead -30: shared/reference/media-traces/RULES.md rules 20 and 35), and a refused heartbeat
 * would lose its session's figures.
 */
const AS_SENT = Number.NEGATIVE_INFINITY;

/** Ad and chapter fields are read only when the ad or chapter id is there (wire §2). */
export const HEARTBEAT_GROUP_IDS: Readonly<Partial<Record<HeartbeatFieldGroup, string>>> = { ad: 's:asset:ad_id', chapter: 's:stream:chapter_id' };

/** The customer ids (`s:cuser:*`) are written right after this key. */
export const CUSTOMER_IDS_AFTER_KEY = 's:user:mid';

/**
 * Every `s:event:type`, in the wire page's order, with `stall`, which the page leaves out
 * (shared/reference/media-traces/RULES.md rule 23).
 */
export const HEARTBEAT_EVENT_TYPES = [
  'start',
  'aa_start',
  'play',
  'pause',
  'buffer',
  'stall',
  'bitrate_change',
  'error',
  'chapter_start',
  'chapter_complete',
  'aa_ad_start',
  'complete',
  'end',
  'resume',
] as const satisfies readonly HeartbeatEventType[];

/** Every `s:asset:type`. */
export const HEARTBEAT_ASSET_TYPES = ['main', 'ad'] as const satisfies readonly HeartbeatAssetType[];

/** The closed sets a field may name, by name: the arrays stay out of the tracker's bundle. */
export type HeartbeatClosedSet = 'eventType' | 'assetType';

export const HEARTBEAT_FIELDS = [
  { key: 's:sc:rsid', group: 'analytics', prop: 'reportSuite', carriedBy: 'when-set', row: false },
  { key: 's:sc:tracking_server', group: 'analytics', prop: 'trackingServer', carriedBy: 'when-set' },
  { key: 'h:sc:ssl', group: 'analytics', prop: 'ssl' },
  { key: 's:user:mid', group: 'visitor', prop: 'visitorId', carriedBy: 'when-set' },
  { key: 's:sp:ovp', group: 'serviceProvider', prop: 'ovp', carriedBy: 'when-set' },
  /** the player's app version. */
  { key: 's:sp:sdk', group: 'serviceProvider', prop: 'sdk', carriedBy: 'when-set', row: 'appVersion' },
  { key: 's:sp:channel', group: 'serviceProvider', prop: 'channel', carriedBy: 'when-set', row: 'playerChannel' },
  { key: 's:sp:player_name', group: 'serviceProvider', prop: 'playerName', fallback: '' },
  { key: 's:sp:hb_version', group: 'serviceProvider', prop: 'libraryVersion', fallback: '' },
  { key: 'l:sp:hb_api_lvl', group: 'serviceProvider', prop: 'apiLevel' },
  /** epoch ms followed by random digits. */
  { key: 's:event:sid', group: 'event', prop: 'sessionId', required: true },
  { key: 's:event:type', group: 'event', prop: 'type', required: true, oneOf: 'eventType', row: 'eventType' },
  /** ms since the previous heartbeat of the state. */
  { key: 'l:event:duration', group: 'event', prop: 'duration', row: 'durationMs' },
  /** seconds of the content (an ad's: where its break sits). */
  { key: 'l:event:playhead', group: 'event', prop: 'playhead', min: AS_SENT, row: 'playheadS' },
  /** epoch ms of the client clock. */
  { key: 'l:event:ts', group: 'event', prop: 'ts', required: true, row: 'tsMs' },
  /** the previous of its type and asset, -1 for the first. */
  { key: 'l:event:prev_ts', group: 'event', prop: 'prevTs', fallback: -1, min: -1, row: 'prevTsMs' },
  { key: 's:event:id', group: 'event', prop: 'errorId', carriedBy: 'error' },
  { key: 's:event:source', group: 'event', prop: 'errorSource', carriedBy: 'error' },
  /** main or ad. */
  { key: 's:asset:type', group: 'asset', prop: 'type', required: true, oneOf: 'assetType', row: 'assetType' },
  { key: 's:asset:name', group: 'asset', prop: 'name', carriedBy: 'when-set', row: 'contentName' },
  /** the main content's id, on ad heartbeats too. */
  { key: 's:asset:video_id', group: 'asset', prop: 'videoId', required: true, row: 'contentId' },
  { key: 's:asset:publisher', group: 'asset', prop: 'publisher', fallback: '' },
  { key: 'l:asset:length', group: 'asset', prop: 'length', min: AS_SENT, row: 'contentLengthS' },
  { key: 's:asset:ad_id', group: 'ad', prop: 'id', row: 'adId' },
  { key: 's:asset:ad_name', group: 'ad', prop: 'name', row: 'adName' },
  /** one playback of the ad. */
  { key: 's:asset:ad_sid', group: 'ad', prop: 'sid', fallback: '', row: 'adSid' },
  /** the ad break: {md5(content id)}_{break position}. */
  { key: 's:asset:pod_id', group: 'ad', prop: 'podId', fallback: '' },
  { key: 's:asset:pod_name', group: 'ad', prop: 'podName' },
  /** the ad in its break. */
  { key: 's:asset:pod_position', type: 'position', group: 'ad', prop: 'podPosition' },
  { key: 's:asset:resolver', group: 'ad', prop: 'resolver', row: false },
  /** the break's start in the content, seconds. */
  { key: 'l:asset:pod_offset', group: 'ad', prop: 'podOffset', min: AS_SENT, row: 'podOffsetS' },
  { key: 'l:asset:ad_length', group: 'ad', prop: 'length', min: AS_SENT, row: 'adLengthS' },
  /** vod, live, linear, podcast, audiobook, aod. */
  { key: 's:stream:type', group: 'stream', prop: 'type', fallback: '', row: 'streamType' },
  /** bits per second. */
  { key: 'l:stream:bitrate', group: 'qos', prop: 'bitrate' },
  { key: 'l:stream:fps', group: 'qos', prop: 'fps' },
  /** the player's counter. */
  { key: 'l:stream:dropped_frames', group: 'qos', prop: 'droppedFrames' },
  /** ms (the player gives seconds). */
  { key: 'l:stream:startup_time', group: 'qos', prop: 'startupTimeMs' },
  /** {md5(content id)}_{chapter position}. */
  { key: 's:stream:chapter_id', group: 'chapter', prop: 'id', row: 'chapterId' },
  /** one playback of the chapter. */
  { key: 's:stream:chapter_sid', group: 'chapter', prop: 'sid', fallback: '', row: 'chapterSid' },
  { key: 's:stream:chapter_name', group: 'chapter', prop: 'name', row: 'chapterName' },
  { key: 'l:stream:chapter_pos', group: 'chapter', prop: 'position', row: 'chapterPosition' },
  { key: 'l:stream:chapter_length', group: 'chapter', prop: 'length', min: AS_SENT, row: 'chapterLengthS' },
  /** its start in the content, seconds. */
  { key: 'l:stream:chapter_offset', group: 'chapter', prop: 'offset', min: AS_SENT, row: 'chapterOffsetS' },
] as const satisfies readonly HeartbeatField[];

type Fields = (typeof HEARTBEAT_FIELDS)[number];
type Stored = Exclude<Fields, { row: false }>;
type RowName<F> = F extends { row: string } ? F['row'] : F extends { prop: string } ? F['prop'] : never;
type ValueOf<F> = F extends { oneOf: 'eventType' }
  ? HeartbeatEventType
  : F extends { oneOf: 'assetType' }
    ? HeartbeatAssetType
    : F extends { type: 'position' } | { key: `l:${string}` }
      ? number
      : F extends { key: `h:${string}` }
        ? boolean
        : string;
type Nullable<F> = F extends { group: 'ad' | 'chapter' } ? true : F extends { required: true } | { fallback: string | number } | { key: `l:${string}` | `h:${string}` } ? false : true;

/** The fields of a stored heartbeat row that come from the wire, one per stored field. */
export type HeartbeatWireRow = { [F in Stored as RowName<F>]: Nullable<F> extends true ? ValueOf<F> | null : ValueOf<F> };

/** How a field's value is written: its key's prefix (`s:`, `l:`, `h:`), or `position`. */
export function heartbeatFieldType(field: HeartbeatField): HeartbeatValueType {
  if (field.type !== undefined) return field.type;
  return field.key.startsWith('l:') ? 'long' : field.key.startsWith('h:') ? 'boolean' : 'string';
}

/** Which heartbeats carry a field. */
export function heartbeatFieldCarrier(field: HeartbeatField): HeartbeatCarrier {
  return field.carriedBy ?? (field.group === 'ad' ? 'ad' : field.group === 'chapter' ? 'chapter' : 'every');
}

/** The server's row field of a stored field; undefined for one not stored as such. */
export function heartbeatFieldRow(field: HeartbeatField): string | undefined {
  return field.row === false ? undefined : (field.row ?? field.prop);
}

/** `durationMs` → `duration_ms`: the server's column of a stored field. */
export function heartbeatFieldColumn(field: HeartbeatField): string | undefined {
  return heartbeatFieldRow(field)?.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Whether a field's column may be null: an ad's or chapter's (absent on other heartbeats), or a
 * text with no fallback. Longs and booleans always have a value (0, false).
 */
export function heartbeatFieldNullable(field: HeartbeatField): boolean {
  if (field.group === 'ad' || field.group === 'chapter') return true;
  const type = heartbeatFieldType(field);
  return !(field.required === true || field.fallback !== undefined || type === 'long' || type === 'boolean');
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
