import { SITE_VARIABLE_MAP, variableNames, type SegmentDefinition } from '@mesura/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDayIn } from '../../../src/local-day.js';
import type { ResultRow, SqlValue } from '../../../src/store/analytics-reader.js';
import { ClickHouseAnalyticsReader } from '../../../src/store/clickhouse/clickhouse-analytics-reader.js';
import { createClickHouseTransport, type ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { DayRollupJob } from '../../../src/store/clickhouse/day-rollup-job.js';
import { LIVE_MINUTE_ROLLUP } from '../../../src/store/clickhouse/live-minute-rollup.js';
import { REPORT_QUERY_MAX_BYTES } from '../../../src/store/open-events-store.js';
import { SEGMENT_VISITORS } from '../../../src/store/queries/filter-sql.js';
import { livePeakViewersQuery } from '../../../src/store/queries/live-peak-viewers.js';
import { segmentConditionSql, segmentedQuery } from '../../../src/store/queries/segment-sql.js';
import { loadBothEngines, type BothEngines } from '../../helpers/both-engines.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { mediaPlaySegments, PLAYS_RANGE, PLAYS_SUITE, PLAYS_TIME_ZONE } from '../../helpers/media-play-rows.js';

/**
 * The media area's live peak (store/queries/live-peak-viewers.ts: each day's most live viewers in
 * one minute, and the range's) answers the same on ClickHouse as on DuckDB over the same plays,
 * plain, filtered and for a segment, from the heartbeats and once the closed days are rolled up.
 */

const DAY_MS = 86_400_000;
const ENGINES_TEST_TIMEOUT_MS = 120_000;
const MEDIA_WATCHERS: SegmentDefinition = { id: 'han-vist', name: 'Han vist un vídeo', match: 'all', shared: true, groups: [{ match: 'all', conditions: [{ type: 'media' }] }] };

describeWithClickHouse('the live peak on ClickHouse', () => {
  const db = useTestDatabase();
  let engines: BothEngines;
  let clickhouse: ClickHouseAnalyticsReader;
  let readerTransport: ClickHouseTransport | undefined;
  let lastReceivedMs: number;

  beforeAll(async () => {
    const plays = await mediaPlaySegments();
    lastReceivedMs = plays.lastReceivedMs;
    engines = await loadBothEngines({ segments: plays.segments, clickhouse: db(), variables: variableNames(SITE_VARIABLE_MAP), timeZone: PLAYS_TIME_ZONE });
    readerTransport = createClickHouseTransport(db().location, { database: db().location.database, maxQueryBytes: REPORT_QUERY_MAX_BYTES });
    clickhouse = new ClickHouseAnalyticsReader(readerTransport, { timeZone: PLAYS_TIME_ZONE });
  }, ENGINES_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await readerTransport?.close();
    await engines?.close();
  }, ENGINES_TEST_TIMEOUT_MS);

  const expectSamePeaks = async () => {
    const values: Record<string, SqlValue> = { suite: PLAYS_SUITE, ...PLAYS_RANGE, tz: PLAYS_TIME_ZONE };
    for (const [filters, bound] of [
      ['', {}],
      [' AND channel = $f_channel', { f_channel: 'mesura-tv' }],
      [` AND ${SEGMENT_VISITORS}`, {}],
    ] as const) {
      const query = segmentedQuery(livePeakViewersQuery(filters), segmentConditionSql(MEDIA_WATCHERS, new Map()));
      const expected = normalised(await engines.duckdb.read(query, { ...values, ...bound }));
      // Days and the range's total, with a peak of at least one viewer.
      expect(expected.length, filters).toBeGreaterThan(1);
      expect(expected.find((row) => row.key === null)?.peak_viewers, filters).toBeGreaterThan(0);
      expect(normalised(await clickhouse.read(query, { ...values, ...bound })), filters).toEqual(expected);
    }
  };

  it('finds the same peak per day and over the range as DuckDB, plain, filtered and for a segment', expectSamePeaks, ENGINES_TEST_TIMEOUT_MS);

  it(
    'finds the same once the closed days are read from the live-minute roll-up',
    async () => {
      const options = { transport: readerTransport!, database: db().location.database, timeZone: PLAYS_TIME_ZONE, localDay: localDayIn(PLAYS_TIME_ZONE), retentionDays: 3650 };
      expect((await new DayRollupJob({ ...LIVE_MINUTE_ROLLUP, sliceRows: 200 }, options).run(lastReceivedMs + 5 * DAY_MS)).built).toBeGreaterThan(0);
      await expectSamePeaks();
    },
    ENGINES_TEST_TIMEOUT_MS,
  );
});

/** Rows in one engine-neutral form, sorted: 64-bit integers come as text from both engines. */
function normalised(rows: ResultRow[]): ResultRow[] {
  const value = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v);
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, value(v)]))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
