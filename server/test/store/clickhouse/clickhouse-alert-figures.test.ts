/**
 * The figures an alert rule watches (store/queries/alert-figures.ts) measure the same hour on
 * ClickHouse as on DuckDB: page views and visitors of page-view hits (a bot's left out, a copy
 * sent again counted once), plays, failed starts and the rebuffer ratio of the media sessions first
 * heard of in the hour, plain and with each kind of filter, from the heartbeats and once the closed
 * days are read from the session roll-up.
 */
import { SITE_VARIABLE_MAP, variableNames, type ReportFilter } from '@mesura/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALERT_FIGURES, type AlertFigureKey } from '../../../src/alerts/alert-figures.js';
import { windowValues } from '../../../src/alerts/alert-window.js';
import { localDayIn } from '../../../src/local-day.js';
import type { ResultRow } from '../../../src/store/analytics-reader.js';
import { ClickHouseAnalyticsReader } from '../../../src/store/clickhouse/clickhouse-analytics-reader.js';
import { createClickHouseTransport, type ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { DayRollupJob } from '../../../src/store/clickhouse/day-rollup-job.js';
import { SESSION_ROLLUP } from '../../../src/store/clickhouse/session-rollup.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { REPORT_QUERY_MAX_BYTES } from '../../../src/store/open-events-store.js';
import { filterSql } from '../../../src/store/queries/filter-sql.js';
import { loadBothEngines, type BothEngines } from '../../helpers/both-engines.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { hitRow } from '../../helpers/event-rows.js';
import { mediaPlaySegments, PLAYS_SUITE, PLAYS_TIME_ZONE } from '../../helpers/media-play-rows.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const ENGINES_TEST_TIMEOUT_MS = 180_000;
/** Hours with plays compared: each ask derives the sessions of three days, so a few of them, spread over the range. */
const PLAY_HOURS_COMPARED = 8;
const localDay = localDayIn(PLAYS_TIME_ZONE);

/** Page views over two hours of 1 January: three readers, one on a phone, a bot, and one view sent twice. */
function pageViews(): { first: HitRow[]; again: HitRow[] } {
  const at = Date.UTC(2026, 0, 1, 9, 5);
  const view = (id: string, minutes: number, visitorId: string, section: string, deviceClass: string, isBot = false) => {
    const receivedAtMs = at + minutes * 60_000;
    return hitRow(id, { reportSuite: PLAYS_SUITE, receivedAtMs, day: localDay(receivedAtMs), clientTimeMs: receivedAtMs - 500, visitorId, deviceClass, isBot, variables: { section } });
  };
  const first = [
    view('pv-1', 0, 'R1', 'esports', 'desktop'),
    view('pv-2', 3, 'R1', 'noticies', 'desktop'),
    view('pv-3', 10, 'R2', 'esports', 'mobile'),
    view('pv-4', 20, 'BOT', 'esports', 'desktop', true),
    view('pv-5', 70, 'R3', 'noticies', 'mobile'),
    view('pv-6', 71, 'R1', 'esports', 'desktop'),
  ];
  // The client's retry of pv-3, received again in the same hour.
  return { first, again: [first[2]!] };
}

const FILTERS: Record<'hits' | 'media', ReportFilter[][]> = {
  hits: [[], [{ dimension: 'device', value: 'mobile' }], [{ dimension: 'section', value: 'esports' }]],
  media: [[], [{ dimension: 'channel', value: 'mesura-tv' }], [{ dimension: 'device', value: 'desktop' }]],
};

describeWithClickHouse('the alert figures on ClickHouse', () => {
  const db = useTestDatabase();
  let engines: BothEngines;
  let clickhouse: ClickHouseAnalyticsReader;
  let readerTransport: ClickHouseTransport | undefined;
  /** The hours compared per kind of figure: some with events, one empty after each. */
  const hours: Record<'hits' | 'media', number[]> = { hits: [], media: [] };
  let lastReceivedMs: number;

  beforeAll(async () => {
    const plays = await mediaPlaySegments();
    const views = pageViews();
    const segments = [[...plays.segments[0]!, ...views.first], [...plays.segments[1]!, ...views.again], ...plays.segments.slice(2)];
    lastReceivedMs = plays.lastReceivedMs;
    engines = await loadBothEngines({ segments, clickhouse: db(), variables: variableNames(SITE_VARIABLE_MAP), timeZone: PLAYS_TIME_ZONE });
    readerTransport = createClickHouseTransport(db().location, { database: db().location.database, maxQueryBytes: REPORT_QUERY_MAX_BYTES });
    clickhouse = new ClickHouseAnalyticsReader(readerTransport, { timeZone: PLAYS_TIME_ZONE });
    const withEmptyNext = (starts: number[]) => starts.flatMap((hour) => [hour, hour + HOUR_MS]);
    hours.hits = withEmptyNext([...new Set(views.first.map((row) => Math.floor(row.receivedAtMs / HOUR_MS) * HOUR_MS))]);
    const played = (await engines.duckdb.read({ name: 'hours with plays', duckdb: PLAY_HOURS_SQL }, {})).map((row) => Number(row.hour_ms));
    const every = Math.max(1, Math.floor(played.length / PLAY_HOURS_COMPARED));
    hours.media = withEmptyNext(played.filter((_, i) => i % every === 0).slice(0, PLAY_HOURS_COMPARED));
  }, ENGINES_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await readerTransport?.close();
    await engines?.close();
  }, ENGINES_TEST_TIMEOUT_MS);

  /** Each figure's row for every hour, on either engine. */
  const measured = async (read: (query: ReturnType<(typeof ALERT_FIGURES)[AlertFigureKey]['query']>, values: Record<string, string | number>) => Promise<ResultRow[]>) => {
    const out: Record<string, unknown> = {};
    for (const [kind, figure] of [
      ['hits', ALERT_FIGURES.page_views],
      ['media', ALERT_FIGURES.plays],
    ] as const) {
      for (const filters of FILTERS[kind]) {
        const sql = filterSql(filters, figure.filterColumns);
        for (const fromMs of hours[kind]) {
          const values = { suite: PLAYS_SUITE, ...windowValues({ kind: 'hour', fromMs, toMs: fromMs + HOUR_MS }), ...sql.values } as Record<string, string | number>;
          out[`${kind} ${JSON.stringify(filters)} ${new Date(fromMs).toISOString()}`] = normalised(await read(figure.query(sql.sql), values));
        }
      }
    }
    return out;
  };

  const expectSameFigures = async () => {
    const expected = await measured((query, values) => engines.duckdb.read(query, values));
    const nine = `hits [] ${new Date(Date.UTC(2026, 0, 1, 9)).toISOString()}`;
    // Three page views of two readers in the first hour: the bot is left out and pv-3 counted once.
    expect(expected[nine]).toEqual({ page_views: 3, visitors: 2 });
    const plays = Object.entries(expected).filter(([key, row]) => key.startsWith('media []') && Number((row as ResultRow).plays) > 0);
    expect(plays.length).toBeGreaterThan(3);
    expect(await measured((query, values) => clickhouse.read(query, values))).toEqual(expected);
  };

  it('measures every hour alike on DuckDB and ClickHouse, plain and filtered', expectSameFigures, ENGINES_TEST_TIMEOUT_MS);

  it(
    'measures the same once the closed days are read from the session roll-up',
    async () => {
      const options = { transport: readerTransport!, database: db().location.database, timeZone: PLAYS_TIME_ZONE, localDay, retentionDays: 3650 };
      expect((await new DayRollupJob({ ...SESSION_ROLLUP, sliceRows: 200 }, options).run(lastReceivedMs + 5 * DAY_MS)).built).toBeGreaterThan(0);
      await expectSameFigures();
    },
    ENGINES_TEST_TIMEOUT_MS,
  );
});

/** The hours in which a media session was first heard of, in order. */
const PLAY_HOURS_SQL = `SELECT DISTINCT first_received_ms // ${HOUR_MS} * ${HOUR_MS} AS hour_ms FROM media_sessions WHERE started_ms IS NOT NULL ORDER BY hour_ms`;

/** One engine-neutral row: 64-bit integers come as text; a ratio rounded past float noise. */
function normalised(rows: ResultRow[]): ResultRow {
  expect(rows).toHaveLength(1);
  const value = (v: unknown) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);
  return Object.fromEntries(
    Object.entries(rows[0]!).map(([k, v]) => {
      const n = value(v);
      return [k, typeof n === 'number' ? Math.round(n * 1e9) / 1e9 : n];
    }),
  );
}
