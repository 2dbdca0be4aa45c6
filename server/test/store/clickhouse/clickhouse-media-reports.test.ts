import { MEDIA_IDLE_TIMEOUT_MS, SITE_VARIABLE_MAP, variableNames, type SegmentDefinition } from '@mesura/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDayIn } from '../../../src/local-day.js';
import { guideChannels, stationSlugs } from '../../../src/reports/media-channel-names.js';
import { guideSlots } from '../../../src/reports/media-guide.js';
import { guideViewingQuery } from '../../../src/store/queries/media-guide-viewing.js';
import { liveMinutesQuery } from '../../../src/store/queries/media-live-minutes.js';
import { radioListenersQuery } from '../../../src/store/queries/media-radio-listeners.js';
import { radioPopOutQuery } from '../../../src/store/queries/media-radio-pop-out.js';
import type { MediaGrouping, MediaRankingGrouping } from '../../../src/store/queries/media-grouping.js';
import { mediaSessionFiguresQuery } from '../../../src/store/queries/media-session-figures.js';
import { mediaSessionRankingQuery } from '../../../src/store/queries/media-session-ranking.js';
import { SEGMENT_VISITORS } from '../../../src/store/queries/filter-sql.js';
import { segmentConditionSql, segmentedQuery } from '../../../src/store/queries/segment-sql.js';
import type { EngineQuery, ResultRow, SqlValue } from '../../../src/store/analytics-reader.js';
import { ClickHouseAnalyticsReader } from '../../../src/store/clickhouse/clickhouse-analytics-reader.js';
import { createClickHouseTransport, type ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { DayRollupJob } from '../../../src/store/clickhouse/day-rollup-job.js';
import { readRollupSources } from '../../../src/store/clickhouse/day-rollup-reads.js';
import { LIVE_MINUTE_ROLLUP } from '../../../src/store/clickhouse/live-minute-rollup.js';
import { SESSION_ROLLUP } from '../../../src/store/clickhouse/session-rollup.js';
import { REPORT_QUERY_MAX_BYTES } from '../../../src/store/open-events-store.js';
import { loadBothEngines, type BothEngines } from '../../helpers/both-engines.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { mediaPlaySegments, PLAYS_RANGE, PLAYS_SUITE, PLAYS_TIME_ZONE } from '../../helpers/media-play-rows.js';

/**
 * The console's media reports' queries (store/queries/media-*.ts) answer the same on ClickHouse
 * as on DuckDB: the sessions per day and ranked by content, programme, season and channel (with and
 * without a filter, with sessions open and closed), live viewers per minute, live viewing by guide
 * broadcast, radio listeners and the radio pop-out per station, over the same plays stored in both
 * engines; then again with the sessions and live minutes of closed days read from their roll-ups.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const ENGINES_TEST_TIMEOUT_MS = 120_000;
const GROUPINGS: MediaGrouping[] = ['day', 'content', 'programme', 'season', 'channel'];
/** The visitors with a media start hit (media-play-rows.ts sends them for some sessions of three of its four visitors). */
const MEDIA_WATCHERS: SegmentDefinition = { id: 'han-vist', name: 'Han vist un vídeo', match: 'all', shared: true, groups: [{ match: 'all', conditions: [{ type: 'media' }] }] };

describeWithClickHouse('media report queries on ClickHouse', () => {
  const db = useTestDatabase();
  let engines: BothEngines;
  let clickhouse: ClickHouseAnalyticsReader;
  let readerTransport: ClickHouseTransport | undefined;
  let lastReceivedMs: number;

  beforeAll(async () => {
    const plays = await mediaPlaySegments();
    lastReceivedMs = plays.lastReceivedMs;
    engines = await loadBothEngines({ segments: plays.segments, clickhouse: db(), variables: variableNames(SITE_VARIABLE_MAP), timeZone: PLAYS_TIME_ZONE });
    // As an API node reads: tables unqualified in the test's database, long statements allowed.
    readerTransport = createClickHouseTransport(db().location, { database: db().location.database, maxQueryBytes: REPORT_QUERY_MAX_BYTES });
    clickhouse = new ClickHouseAnalyticsReader(readerTransport, { timeZone: PLAYS_TIME_ZONE });
  }, ENGINES_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await readerTransport?.close();
    await engines?.close();
  }, ENGINES_TEST_TIMEOUT_MS);

  /**
   * Both engines' rows, sorted unless the query's order is part of its answer (a ranking's page);
   * a query whose filters name SEGMENT_VISITORS is asked with the segment's condition in each engine's text.
   */
  const expectSameRows = async (named: EngineQuery, values: Record<string, SqlValue>, options: { ordered?: boolean } = {}) => {
    const query = segmentedQuery(named, segmentConditionSql(MEDIA_WATCHERS, new Map()));
    const expected = normalised(await engines.duckdb.read(query, values), options);
    expect(expected.length, query.name).toBeGreaterThan(1);
    expect(normalised(await clickhouse.read(query, values), options), query.name).toEqual(expected);
  };

  /** Every grouping with and without filters, sessions still open (minutes after the last heartbeat) and all closed. */
  const expectSameSessionFigures = async () => {
    const filterCases: { sql: string; values: Record<string, string> }[] = [
      { sql: '', values: {} },
      { sql: ' AND programme = $f_programme', values: { f_programme: 'Directe' } },
      { sql: ' AND channel = $f_channel AND device = $f_device', values: { f_channel: 'mesura-radio', f_device: 'unknown' } },
      { sql: ` AND ${SEGMENT_VISITORS}`, values: {} },
    ];
    const asks = [
      ...GROUPINGS.flatMap((grouping) => filterCases.map((filters) => ({ grouping, filters, nowMs: lastReceivedMs + 5 * MINUTE_MS }))),
      ...filterCases.map((filters) => ({ grouping: 'day' as const, filters, nowMs: lastReceivedMs + 3 * DAY_MS })),
    ];
    for (const { grouping, filters, nowMs } of asks) {
      const query = mediaSessionFiguresQuery(grouping, filters.sql);
      await expectSameRows(query, { suite: PLAYS_SUITE, ...PLAYS_RANGE, idle_before_ms: nowMs - MEDIA_IDLE_TIMEOUT_MS, ...filters.values });
    }
  };

  /** Live viewers per minute, by guide broadcast, radio listeners and pop-out windows, plain and filtered. */
  const expectSameLiveFigures = async () => {
    const live = { suite: PLAYS_SUITE, ...PLAYS_RANGE };
    const asks: [EngineQuery, Record<string, SqlValue>][] = [
      [liveMinutesQuery(''), { ...live, from: '2026-01-01', to: '2026-01-01', tz: PLAYS_TIME_ZONE }],
      [liveMinutesQuery(' AND channel = $f_channel'), { ...live, from: '2026-01-02', to: '2026-01-02', tz: PLAYS_TIME_ZONE, f_channel: 'mesura-tv' }],
      [guideViewingQuery(''), { ...live, guide: JSON.stringify(guideSlots(guideChannels(), PLAYS_RANGE)) }],
      [guideViewingQuery(' AND device_class = $f_device'), { ...live, guide: JSON.stringify(guideSlots(['mesura-tv'], PLAYS_RANGE)), f_device: 'unknown' }],
      [radioListenersQuery(''), { ...live, stations: JSON.stringify(stationSlugs()) }],
      [radioListenersQuery(' AND device_class = $f_device'), { ...live, stations: JSON.stringify(stationSlugs()), f_device: 'unknown' }],
      [radioPopOutQuery(''), live],
      [radioPopOutQuery(' AND device = $f_device'), { ...live, f_device: 'desktop' }],
      [liveMinutesQuery(` AND ${SEGMENT_VISITORS}`), { ...live, from: '2026-01-01', to: '2026-01-01', tz: PLAYS_TIME_ZONE }],
      [guideViewingQuery(` AND ${SEGMENT_VISITORS}`), { ...live, guide: JSON.stringify(guideSlots(guideChannels(), PLAYS_RANGE)) }],
      [radioListenersQuery(` AND ${SEGMENT_VISITORS}`), { ...live, stations: JSON.stringify(stationSlugs()) }],
      [radioPopOutQuery(` AND ${SEGMENT_VISITORS}`), live],
    ];
    for (const [query, values] of asks) await expectSameRows(query, values);
  };

  it('sums the sessions per group and over the range as DuckDB does, with and without a filter or a segment', expectSameSessionFigures, ENGINES_TEST_TIMEOUT_MS);

  it(
    "narrows the sessions and the live viewers to a segment's visitors: three of the four who played started a media with a start hit",
    async () => {
      const bound = { suite: PLAYS_SUITE, ...PLAYS_RANGE, idle_before_ms: lastReceivedMs + 5 * MINUTE_MS - MEDIA_IDLE_TIMEOUT_MS };
      const total = async (filters: string) => {
        const rows = await engines.duckdb.read(segmentedQuery(mediaSessionFiguresQuery('day', filters), segmentConditionSql(MEDIA_WATCHERS, new Map())), bound);
        return Number(rows.find((row) => row.key === null)?.visitors);
      };
      expect(await total('')).toBe(4);
      expect(await total(` AND ${SEGMENT_VISITORS}`)).toBe(3);
    },
    ENGINES_TEST_TIMEOUT_MS,
  );

  it(
    'ranks the sessions per group in the same pages, with the same total and group count, as DuckDB does',
    async () => {
      const groupings: MediaRankingGrouping[] = ['content', 'programme', 'season', 'channel'];
      const bound = { suite: PLAYS_SUITE, ...PLAYS_RANGE, idle_before_ms: lastReceivedMs + 5 * MINUTE_MS - MEDIA_IDLE_TIMEOUT_MS };
      const pages: Record<string, SqlValue>[] = [
        { limit: 2, offset: 0 },
        { limit: 2, offset: 2 },
        { limit: 100, offset: 0 },
      ];
      for (const grouping of groupings) {
        for (const order of ['plays', 'ad_breaks'] as const) {
          for (const page of pages) {
            const query = mediaSessionRankingQuery(grouping, order, '', false);
            await expectSameRows(query, { ...bound, ...page }, { ordered: true });
          }
        }
        // A compared period's groups, whatever their rank, one of them absent from the range.
        const all = await engines.duckdb.read(mediaSessionRankingQuery(grouping, 'plays', '', false), { ...bound, limit: 100, offset: 0 });
        const keys = [
          ...all
            .filter((row) => row.key !== null)
            .slice(1, 3)
            .map((row) => String(row.key)),
          'cap-grup',
        ];
        const filter = ' AND device = $f_device';
        const restricted = mediaSessionRankingQuery(grouping, 'plays', filter, true);
        await expectSameRows(restricted, { ...bound, limit: keys.length, offset: 0, keys: JSON.stringify(keys), f_device: 'unknown' }, { ordered: true });
      }
    },
    ENGINES_TEST_TIMEOUT_MS,
  );

  it(
    "attributes a year of live viewing to the guide, whose broadcasts are over ClickHouse's default statement size",
    async () => {
      const year = { from: '2025-06-01', to: '2026-05-31' };
      const guide = JSON.stringify(guideSlots(guideChannels(), year));
      expect(guide.length).toBeGreaterThan(256 * 1024);
      await expectSameRows(guideViewingQuery(''), { suite: PLAYS_SUITE, ...year, guide });
    },
    ENGINES_TEST_TIMEOUT_MS,
  );

  it(
    'answers a range without sessions with the same empty total',
    async () => {
      const query = mediaSessionFiguresQuery('content', '');
      const values = { suite: PLAYS_SUITE, from: '2027-01-01', to: '2027-01-31', idle_before_ms: lastReceivedMs };
      const expected = normalised(await engines.duckdb.read(query, values));
      expect(expected).toEqual([expect.objectContaining({ key: null, visitors: 0, plays: null })]);
      expect(normalised(await clickhouse.read(query, values))).toEqual(expected);
      const minutes = { suite: PLAYS_SUITE, from: '2027-01-01', to: '2027-01-01', tz: PLAYS_TIME_ZONE };
      expect(normalised(await clickhouse.read(liveMinutesQuery(''), minutes))).toEqual(normalised(await engines.duckdb.read(liveMinutesQuery(''), minutes)));
    },
    ENGINES_TEST_TIMEOUT_MS,
  );

  it('counts live viewers per minute of the day, by the guide broadcast, radio listeners and pop-out windows per station as DuckDB does', expectSameLiveFigures, ENGINES_TEST_TIMEOUT_MS);

  // Last: the roll-ups it builds are what every later read of these days would use.
  it(
    'answers the same once the sessions and live minutes of the closed days are read from their roll-ups (day-rollups.ts)',
    async () => {
      const options = { transport: readerTransport!, database: db().location.database, timeZone: PLAYS_TIME_ZONE, localDay: localDayIn(PLAYS_TIME_ZONE), retentionDays: 3650 };
      // Small slices: each day is built in several.
      for (const rollup of [
        { ...SESSION_ROLLUP, sliceRows: 200 },
        { ...LIVE_MINUTE_ROLLUP, sliceRows: 200 },
      ]) {
        expect((await new DayRollupJob(rollup, options).run(lastReceivedMs + 5 * DAY_MS)).built, rollup.name).toBeGreaterThan(0);
        expect((await readRollupSources(readerTransport!, rollup, { suite: PLAYS_SUITE, ...PLAYS_RANGE })).rolledTo, rollup.name).toBe(PLAYS_RANGE.to);
      }
      const [minutes] = await readerTransport!.query<{ n: string }>('SELECT count() AS n FROM live_minute_rollup');
      expect(Number(minutes!.n)).toBeGreaterThan(10);
      await expectSameSessionFigures();
      await expectSameLiveFigures();
    },
    ENGINES_TEST_TIMEOUT_MS,
  );
});

/**
 * Rows in one engine-neutral form, sorted: 64-bit integers come as text from both engines, and a
 * live minute's key is a number on DuckDB and text on ClickHouse (the series reads both as text).
 */
function normalised(rows: ResultRow[], options: { ordered?: boolean } = {}): ResultRow[] {
  const value = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v);
  const read = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, value(v)])));
  return options.ordered ? read : read.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
