import { describe, expect, it } from 'vitest';
import {
  HEARTBEAT_FIELDS,
  decodeHeartbeatQuery,
  encodeHeartbeatQuery,
  heartbeatFieldColumn,
  heartbeatFieldNullable,
  heartbeatFieldType,
  heartbeatGroup,
  heartbeatReasons,
  type Heartbeat,
  type HeartbeatField,
} from '@mesura/protocol';

const FIELDS = HEARTBEAT_FIELDS as readonly HeartbeatField[];

/** A heartbeat with every field of the table set, an ad and a chapter open. */
const FULL: Heartbeat = {
  analytics: { reportSuite: 'rsid', trackingServer: 'metrics.example.cat', ssl: true },
  visitorId: 'V-1',
  serviceProvider: { ovp: 'ovp', sdk: '1.0', channel: 'tv3', playerName: 'html5', libraryVersion: '2.2.1', apiLevel: 4 },
  event: { sessionId: '1767225600000123456789', type: 'error', duration: 0, playhead: 42, ts: 1_767_225_610_000, prevTs: -1, errorId: 'E1', errorSource: 'sourceErrorSDK' },
  asset: {
    type: 'ad',
    name: 'Vídeo',
    videoId: 'vid-1',
    publisher: 'org-1',
    length: 600,
    ad: { id: 'ad-1', name: 'Ad', sid: 'S-1', podId: 'p_1', podName: 'mid', podPosition: 2, resolver: 'vast', podOffset: 30, length: 15 },
  },
  stream: {
    type: 'vod',
    qos: { bitrate: 2_500_000, fps: 25, droppedFrames: 3, startupTimeMs: 1400 },
    chapter: { id: 'c_1', sid: 'CS-1', name: 'Part', position: 1, length: 60, offset: 10 },
  },
  meta: {},
};

/** FULL's query with `key` left out. */
function without(key: string): string {
  return encodeHeartbeatQuery(FULL)
    .split('&')
    .filter((pair) => !pair.startsWith(`${key}=`))
    .join('&');
}

describe('heartbeat fields, one table for the encoder, decoder, row and schema (wire-formats §2)', () => {
  it('names each key and each column once', () => {
    expect(new Set(FIELDS.map((f) => f.key)).size).toBe(FIELDS.length);
    const columns = FIELDS.flatMap((f) => heartbeatFieldColumn(f) ?? []);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('writes every key of the table once, in table order, and reads the heartbeat back', () => {
    const query = encodeHeartbeatQuery(FULL);
    expect(query.split('&').map((pair) => pair.split('=')[0])).toEqual(FIELDS.map((f) => f.key));
    expect(decodeHeartbeatQuery(query)).toEqual({ ok: true, value: FULL });
  });

  it.each(FIELDS.filter((f) => f.required === true).map((f) => f.key))('refuses a heartbeat without %s', (key) => {
    expect(decodeHeartbeatQuery(without(key))).toEqual({ ok: false, reason: heartbeatReasons.missingHeartbeatKey(key) });
  });

  it.each(FIELDS.filter((f) => f.oneOf !== undefined))('refuses a value of $key outside its closed set', (field) => {
    const query = `${without(field.key)}&${field.key}=rewind`;
    expect(decodeHeartbeatQuery(query)).toEqual({
      ok: false,
      reason: field.oneOf === 'eventType' ? heartbeatReasons.unknownHeartbeatEventType('rewind') : heartbeatReasons.unknownHeartbeatAssetType('rewind'),
    });
  });

  it.each(FIELDS.filter((f) => heartbeatFieldType(f) === 'long' && f.required !== true))('reads an absent $key as its fallback', (field) => {
    const decoded = decodeHeartbeatQuery(without(field.key));
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(heartbeatGroup(decoded.value, field.group)?.[field.prop]).toBe(field.fallback ?? 0);
  });

  it('reads the ad and chapter fields only when their id is there', () => {
    const decoded = decodeHeartbeatQuery(`${without('s:asset:ad_id')}`);
    expect(decoded.ok && decoded.value.asset.ad).toBeUndefined();
    expect(decoded.ok && decoded.value.stream.chapter?.name).toBe('Part');
  });

  it('stores as null only what a heartbeat may lack: texts without fallback, the ad and the chapter', () => {
    const nullable = FIELDS.filter((f) => f.row !== false && heartbeatFieldNullable(f)).map(heartbeatFieldColumn);
    expect(nullable).toEqual([
      'tracking_server',
      'visitor_id',
      'ovp',
      'app_version',
      'player_channel',
      'error_id',
      'error_source',
      'content_name',
      'ad_id',
      'ad_name',
      'ad_sid',
      'pod_id',
      'pod_name',
      'pod_position',
      'pod_offset_s',
      'ad_length_s',
      'chapter_id',
      'chapter_sid',
      'chapter_name',
      'chapter_position',
      'chapter_length_s',
      'chapter_offset_s',
    ]);
  });
});
