/**
 * The heartbeats table and the stored row follow @mesura/protocol's HEARTBEAT_FIELDS: a column per
 * stored field, typed and nullable as the field says, and a row that fills every column.
 */
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_FIELDS, decodeHeartbeatQuery, heartbeatFieldColumn, heartbeatFieldNullable, heartbeatFieldRow, heartbeatFieldType, type HeartbeatField } from '@mesura/protocol';
import { createHeartbeatPipeline } from '../../src/ingest/heartbeat-pipeline.js';
import { localDayIn } from '../../src/local-day.js';
import { HEARTBEAT_COLUMNS } from '../../src/store/heartbeats-schema.js';

const STORED = (HEARTBEAT_FIELDS as readonly HeartbeatField[]).map((f) => ({ ...f, column: heartbeatFieldColumn(f) })).filter((f) => f.column !== undefined);
const TYPES = { string: 'text', long: 'bigint', boolean: 'boolean', position: 'bigint' } as const;

const pipeline = createHeartbeatPipeline({
  environment: 'development',
  localDay: localDayIn('Europe/Madrid'),
  checkConsent: () => 'unknown',
  keepUserAgent: false,
});

function rowOf(query: string): Record<string, unknown> {
  const decoded = decodeHeartbeatQuery(query);
  if (!decoded.ok) throw new Error(decoded.reason);
  const [row] = pipeline(decoded.value, ['mesuradev'], { receivedAtMs: 1_767_225_600_000, ip: '203.0.113.9', userAgent: undefined });
  return row as unknown as Record<string, unknown>;
}

const MAIN_PLAY =
  's:event:sid=1767225600000123&s:event:type=play&l:event:ts=1767225600000&s:asset:type=main&s:asset:video_id=v-1' + '&l:event:duration=1000&s:sp:player_name=html5&s:asset:ad_sid=&s:stream:type=vod';

describe('the heartbeats table of HEARTBEAT_FIELDS (wire-formats §2)', () => {
  it.each(STORED)('has a column $column for $key, of its type and nullability', (field) => {
    const column = HEARTBEAT_COLUMNS.find((c) => c.name === field.column);
    expect(column).toMatchObject({ source: heartbeatFieldRow(field), type: TYPES[heartbeatFieldType(field)], nullable: heartbeatFieldNullable(field) });
    expect(column?.doc).toBe(field.key);
  });

  it('stores a value or null under every column of a heartbeat without ad or chapter', () => {
    const row = rowOf(MAIN_PLAY);
    for (const column of HEARTBEAT_COLUMNS) expect(row, column.source).toHaveProperty(column.source);
    for (const column of HEARTBEAT_COLUMNS.filter((c) => !c.nullable)) expect(row[column.source], column.source).not.toBeNull();
    expect(row).toMatchObject({ eventType: 'play', durationMs: 1000, prevTsMs: -1, adId: null, adSid: null, podPosition: null, chapterId: null });
  });

  it('floors a pod position and stores one that is no safe integer as unknown', () => {
    const ad = `${MAIN_PLAY.replace('s:asset:type=main', 's:asset:type=ad')}&s:asset:ad_id=ad-1`;
    expect(rowOf(`${ad}&s:asset:pod_position=2.7`)).toMatchObject({ adId: 'ad-1', podPosition: 2, adSid: null });
    expect(rowOf(`${ad}&s:asset:pod_position=1e300`)).toMatchObject({ podPosition: null });
  });
});
