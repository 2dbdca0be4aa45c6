import { MEDIA_IDLE_TIMEOUT_MS, SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDayIn } from '../../../src/local-day.js';
import { ClickHouseMediaStore } from '../../../src/store/clickhouse/clickhouse-media-store.js';
import { createClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { NO_ROLLUP_DAY } from '../../../src/store/clickhouse/day-rollup.js';
import { DayRollupJob } from '../../../src/store/clickhouse/day-rollup-job.js';
import { readRollupSources } from '../../../src/store/clickhouse/day-rollup-reads.js';
import { SESSION_ROLLUP } from '../../../src/store/clickhouse/session-rollup.js';
import { ClickHouseVisitorData } from '../../../src/store/clickhouse/clickhouse-visitor-data.js';
import { eventTables } from '../../../src/store/clickhouse/event-tables.js';
import { sqlString } from '../../../src/store/clickhouse/sql-literal.js';
import { sessionRowsClickHouse } from '../../../src/store/clickhouse/clickhouse-media-sessions-sql.js';
import { MEDIA_SESSIONS_TABLE } from '../../../src/store/duckdb/media-sessions-table.js';
import type { MediaDimension } from '../../../src/store/media-store.js';
import { loadBothEngines, type BothEngines } from '../../helpers/both-engines.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { goldenSessionSuffix, mediaPlaySegments, PLAYS_RANGE, PLAYS_SUITE, PLAYS_TIME_ZONE } from '../../helpers/media-play-rows.js';

/**
 * Media sessions on ClickHouse (store/clickhouse/clickhouse-media-*.ts) answer as DuckDB's
 * (spec §4: a session's figures, its end by complete, end or the idle timeout): the same plays,
 * the commercial library's recorded traces among them,
 * with heartbeats sent twice and late over three segments, are stored in both engines and every
 * session, every session row and the media report by each dimension are compared; then again with
 * the sessions of closed days read from the session roll-up (store/clickhouse/session-rollup.ts).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Both engines load three segments and derive the sessions a dozen times: seconds on a busy machine. */
const ENGINES_TEST_TIMEOUT_MS = 120_000;

describeWithClickHouse('media sessions on ClickHouse', () => {
  const db = useTestDatabase();
  let engines: BothEngines;
  let clickhouse: ClickHouseMediaStore;
  let lastReceivedMs: number;

  beforeAll(async () => {
    const plays = await mediaPlaySegments();
    lastReceivedMs = plays.lastReceivedMs;
    engines = await loadBothEngines({ segments: plays.segments, clickhouse: db(), variables: variableNames(SITE_VARIABLE_MAP), timeZone: PLAYS_TIME_ZONE });
    clickhouse = new ClickHouseMediaStore({ transport: db().transport, database: db().location.database });
  }, ENGINES_TEST_TIMEOUT_MS);
  afterAll(() => engines?.close(), ENGINES_TEST_TIMEOUT_MS);

  /** Minutes after the last heartbeat (some sessions still open) and days after (all closed). */
  const clocks = () => [lastReceivedMs + 5 * MINUTE_MS, lastReceivedMs + MEDIA_IDLE_TIMEOUT_MS / 2, lastReceivedMs + 3 * DAY_MS];

  it('keeps each heartbeat sent twice twice, which the sessions count once', async () => {
    const [counts] = await db().transport.query<{ rows: string; ids: string }>(`SELECT count() AS rows, uniqExact(heartbeat_id) AS ids FROM ${db().location.database}.heartbeats`);
    expect(Number(counts!.rows)).toBeGreaterThan(Number(counts!.ids));
  });

  it(
    'lists the same sessions, with the same figures and end reasons, at every report clock',
    async () => {
      for (const nowMs of clocks()) {
        for (const includeBots of [false, true]) {
          const query = { ...PLAYS_RANGE, reportSuite: PLAYS_SUITE, includeBots, nowMs, limit: 1000 };
          const expected = await engines.duckdb.mediaSessions(query);
          expect(expected.length).toBeGreaterThan(10);
          expect(await clickhouse.mediaSessions(query)).toEqual(expected);
        }
      }
      const now = clocks()[0]!;
      const open = await clickhouse.mediaSessions({ ...PLAYS_RANGE, reportSuite: PLAYS_SUITE, includeBots: true, nowMs: now, limit: 1000 });
      // The fixture covers each end (§4), both media types and a start hit's type over the stream type.
      expect(new Set(open.map((s) => s.endedReason))).toEqual(new Set(['complete', 'end', 'idle', null]));
      expect(new Set(open.map((s) => s.mediaType))).toEqual(new Set(['audio', 'video']));
      expect(open.some((s) => s.bufferingSeconds > 0 && s.adSeconds > 0)).toBe(true);
    },
    ENGINES_TEST_TIMEOUT_MS,
  );

  it(
    'counts the commercial library’s stall as rebuffering and each chapter close once (its recorded traces)',
    async () => {
      const listed = await clickhouse.mediaSessions({ ...PLAYS_RANGE, reportSuite: PLAYS_SUITE, includeBots: false, nowMs: clocks()[2]!, limit: 1000 });
      const of = (scenario: string) => listed.find((session) => session.sessionId.endsWith(goldenSessionSuffix(scenario)));
      // The figures media-golden-traces.test.ts derives from each scenario's timeline.
      expect(of('stall-and-playhead-jumps')).toMatchObject({ contentSeconds: 36.422, bufferingSeconds: 17.017 });
      expect(of('chapters-while-playing')).toMatchObject({ contentSeconds: 46.6, chaptersStarted: 4, chaptersCompleted: 2, bufferingSeconds: 0 });
      expect(of('chapters-paused-and-buffering')).toMatchObject({ contentSeconds: 19.39, bufferingSeconds: 3.03 });
      expect(of('ad-pause-buffer-error-bitrate')).toMatchObject({ contentSeconds: 11.39, adSeconds: 15.02, bufferingSeconds: 0, errors: 1 });
      expect(of('break-gaps-while-paused')).toMatchObject({ adSeconds: 6, bufferingSeconds: 0 });
    },
    ENGINES_TEST_TIMEOUT_MS,
  );

  it(
    'cuts the list at the limit and the range by start day as DuckDB does',
    async () => {
      const nowMs = clocks()[2]!;
      for (const range of [
        { from: '2026-01-02', to: '2026-01-02' },
        { from: '2026-01-05', to: '2026-01-09' },
      ]) {
        const query = { ...range, reportSuite: PLAYS_SUITE, includeBots: false, nowMs, limit: 3 };
        expect(await clickhouse.mediaSessions(query)).toEqual(await engines.duckdb.mediaSessions(query));
      }
    },
    ENGINES_TEST_TIMEOUT_MS,
  );

  it(
    'makes every stored session row of DuckDB media_sessions',
    async () => {
      const suite = `report_suite = '${PLAYS_SUITE}'`;
      const stored = await engines.duckdb.read({ name: 'stored sessions', duckdb: `SELECT * FROM ${MEDIA_SESSIONS_TABLE} ORDER BY session_id` }, {});
      const made = await db().transport.query(`SELECT * FROM (${sessionRowsClickHouse(`${db().location.database}.heartbeats`, suite)}) ORDER BY session_id`);
      // visitor_key is DuckDB's hash of visitor_id, which the DuckDB reports count; ClickHouse counts visitor_id itself.
      const withoutKey = stored.map(({ visitor_key: _key, ...row }) => row);
      expect(made.map(normalised)).toEqual(withoutKey.map(normalised));
    },
    ENGINES_TEST_TIMEOUT_MS,
  );

  it(
    'answers the media report by every dimension, with and without bots',
    async () => {
      const dimensions: MediaDimension[] = ['content', 'programme', 'day'];
      for (const nowMs of clocks()) {
        for (const by of dimensions) {
          for (const includeBots of [false, true]) {
            const query = { ...PLAYS_RANGE, reportSuite: PLAYS_SUITE, includeBots, nowMs, by };
            const expected = await engines.duckdb.mediaReport(query);
            expect(expected.rows.length).toBeGreaterThan(1);
            expect(await clickhouse.mediaReport(query)).toEqual(expected);
          }
        }
      }
    },
    ENGINES_TEST_TIMEOUT_MS,
  );

  it('answers a range without sessions with a zero total, as DuckDB does', async () => {
    const query = { from: '2027-01-01', to: '2027-01-31', reportSuite: PLAYS_SUITE, includeBots: false, nowMs: clocks()[0]!, by: 'day' as const };
    expect(await clickhouse.mediaReport(query)).toEqual(await engines.duckdb.mediaReport(query));
  });
  // Last: it builds the session roll-up, which every later read of these days would use.
  it(
    'reads the sessions of closed days from the session roll-up, part of the range and all of it, with the same answers; an erasure takes them out',
    async () => {
      const transport = createClickHouseTransport(db().location, { database: db().location.database });
      try {
        // Slices of 200 heartbeats: each day is built in several, by session.
        const job = new DayRollupJob(
          { ...SESSION_ROLLUP, sliceRows: 200 },
          { transport, database: db().location.database, timeZone: PLAYS_TIME_ZONE, localDay: localDayIn(PLAYS_TIME_ZONE), retentionDays: 3650 },
        );
        const range = { suite: PLAYS_SUITE, ...PLAYS_RANGE };
        const compare = async () => {
          for (const nowMs of clocks()) {
            const sessions = { ...PLAYS_RANGE, reportSuite: PLAYS_SUITE, includeBots: true, nowMs, limit: 1000 };
            expect(await clickhouse.mediaSessions(sessions)).toEqual(await engines.duckdb.mediaSessions(sessions));
            for (const by of ['content', 'day'] as const) {
              const report = { ...PLAYS_RANGE, reportSuite: PLAYS_SUITE, includeBots: false, nowMs, by };
              expect(await clickhouse.mediaReport(report)).toEqual(await engines.duckdb.mediaReport(report));
            }
          }
        };
        // The heartbeats are of 1 and 2 January. On the 3rd at noon (UTC) the 1st is closed (its next
        // day ended over an hour ago), the 2nd is not; the 31st, before the first build, reads as built and empty.
        expect(await job.run(Date.UTC(2026, 0, 3, 12))).toEqual({ built: 1, rebuilt: 0, closedThrough: '2026-01-01', builtThrough: '2026-01-01' });
        expect(await readRollupSources(transport, SESSION_ROLLUP, range)).toEqual({ rolledTo: '2026-01-01', computedFrom: '2026-01-02', computedTo: PLAYS_RANGE.to });
        await compare();
        await job.run(lastReceivedMs + 5 * DAY_MS);
        expect(await readRollupSources(transport, SESSION_ROLLUP, range)).toEqual({ rolledTo: PLAYS_RANGE.to, computedFrom: NO_ROLLUP_DAY, computedTo: NO_ROLLUP_DAY });
        const [rolled] = await transport.query<{ n: string }>('SELECT count() AS n FROM session_rollup');
        expect(Number(rolled!.n)).toBeGreaterThan(10);
        await compare();
        // An erasure takes the visitor's sessions out of the roll-up at once.
        const query = { ...PLAYS_RANGE, reportSuite: PLAYS_SUITE, includeBots: true, nowMs: clocks()[2]!, limit: 1000 };
        const before = await clickhouse.mediaSessions(query);
        const visitorId = before.find((session) => session.visitorId !== null)!.visitorId!;
        await new ClickHouseVisitorData({ transport, database: db().location.database, tables: eventTables({ variables: variableNames(SITE_VARIABLE_MAP) }) }).eraseVisitor(visitorId);
        const [left] = await transport.query<{ n: string }>(`SELECT count() AS n FROM session_rollup WHERE visitor_id = ${sqlString(visitorId)}`);
        expect(Number(left!.n)).toBe(0);
        expect(await clickhouse.mediaSessions(query)).toEqual(before.filter((session) => session.visitorId !== visitorId));
      } finally {
        await transport.close();
      }
    },
    ENGINES_TEST_TIMEOUT_MS,
  );
});

/** A row's values as one engine-neutral form: 64-bit integers come as text from both, days as text or dates. */
function normalised(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => {
      if (value === null || typeof value === 'boolean') return [key, value];
      if (typeof value === 'number') return [key, value];
      const text = String(value);
      return [key, /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text];
    }),
  );
}
