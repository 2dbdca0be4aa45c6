import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { MEDIA_IDLE_TIMEOUT_MS, SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { guideSlots } from '../../src/reports/media-guide.js';
import { guideChannels, stationSlugs } from '../../src/reports/media-channel-names.js';
import { guideViewingQuery } from '../../src/store/queries/media-guide-viewing.js';
import { liveMinutesQuery } from '../../src/store/queries/media-live-minutes.js';
import { livePlaysDuckdb } from '../../src/store/queries/media-live-plays.js';
import { radioListenersQuery } from '../../src/store/queries/media-radio-listeners.js';
import type { MediaGrouping } from '../../src/store/queries/media-grouping.js';
import { mediaSessionFiguresDuckdb, mediaSessionFiguresQuery } from '../../src/store/queries/media-session-figures.js';
import { mediaSessionRankingDuckdb, mediaSessionRankingQuery } from '../../src/store/queries/media-session-ranking.js';
import type { EngineQuery } from '../../src/store/analytics-reader.js';
import { CELLS_MERGE_ROWS, CellCompaction } from '../../src/store/duckdb/cell-compaction.js';
import { dropCellTableSql } from '../../src/store/duckdb/cell-tables.js';
import { MEDIA_CELLS, MEDIA_CELLS_TABLE } from '../../src/store/duckdb/media-cells.js';
import { MEDIA_SESSIONS_TABLE } from '../../src/store/duckdb/media-sessions-table.js';
import { DUCKDB_FILE_NAME, openDuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import type { HeartbeatRow } from '../../src/store/heartbeat-row.js';
import { rowBatchOf } from '../../src/store/ndjson-batch.js';
import { DUCKDB_FUNCTIONS, liveChannel, sessionFiguresFrom, sessionFiguresSql } from '../../src/store/media-sessions-sql.js';
import { replay, REPLAY_EPOCH_MS, scenario, VOD } from '../helpers/media.js';
import { liveScenario, storedRows } from '../helpers/media-play-rows.js';

/**
 * The media roll-ups (store/duckdb/media-rollups.ts) answer as the heartbeats do: every session's
 * figures and every media report, read from the roll-ups and derived from the heartbeats at query
 * time, on plays loaded over several segments (sessions continued from one segment to the next,
 * retried and late heartbeats), then after a visitor is erased, after retention, in a data
 * folder whose heartbeats were stored before the roll-ups existed, and once the media cells
 * (store/duckdb/media-cells.ts) of each day have been made again one row per key.
 */

const SUITE = 'mesuradev';
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const TIME_ZONE = 'Europe/Madrid';
const RANGE = { from: '2025-12-31', to: '2026-01-04' };
const VARIABLES = variableNames(SITE_VARIABLE_MAP);
/** Each test asks DuckDB some sixty queries that derive sessions from every heartbeat: seconds on a busy machine. */
const ROLLUP_TEST_TIMEOUT_MS = 120_000;
/** The live plays as the reports read them before the roll-up: every live play heartbeat itself. */
const LIVE_PLAYS_FROM_HEARTBEATS = (filters: string) => `(SELECT * FROM (
    SELECT visitor_id, session_id, received_at, programme, device_class,
      CASE WHEN duration_ms BETWEEN 0 AND 600000 THEN duration_ms ELSE 0 END AS counted_ms,
      ${liveChannel('content_id', DUCKDB_FUNCTIONS)} AS channel
    FROM heartbeats
    WHERE report_suite = $suite AND day BETWEEN CAST($from AS DATE) AND CAST($to AS DATE) AND NOT is_bot
      AND asset_type = 'main' AND event_type = 'play' AND stream_type IN ('live', 'linear')
  ) plays WHERE channel IS NOT NULL ${filters}) live_plays`;

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** A viewer who leaves during the pre-roll: the session ends only by the idle rule. */
const LEFT_DURING_PREROLL = scenario(
  [
    { at: 0, call: 'trackSessionStart', media: VOD },
    { at: 0, call: 'trackPlay', playing: false },
    { at: 100, call: 'trackEvent', event: 'AdBreakStart', info: ['adBreak', 'preroll', 1, 0] },
    { at: 100, call: 'trackEvent', event: 'AdStart', info: ['ad', 'Ad', 'ad-1', 1, 15] },
  ],
  { runUntil: 4000 },
);

/** A viewer who closes the player before the content plays. */
const CLOSED_BEFORE_PLAY = scenario(
  [
    { at: 0, call: 'trackSessionStart', media: VOD },
    { at: 3000, call: 'trackSessionEnd' },
  ],
  { runUntil: 4000 },
);

/**
 * Plays of three on-demand scenarios and of live TV and radio, by four visitors over three days,
 * one bot; a live play runs over the local midnight (retention's cut). In time order, cut into
 * three segments; a few heartbeats are sent again in the next segment and a few arrive late.
 */
async function playSegments(): Promise<HeartbeatRow[][]> {
  const vod = await Promise.all(['preroll-ads-chapter-seek.json', 'issue-example.json', 'privacy-idle-resume.json'].map((file) => replay(file)));
  const neverPlayed = await Promise.all([LEFT_DURING_PREROLL, CLOSED_BEFORE_PLAY].map((s) => replay(s)));
  const tv = await replay(liveScenario('mesura-tv', 'video', 40));
  const radio = await replay(liveScenario('mesura-radio', 'audio', 25));
  const rows: HeartbeatRow[] = [];
  for (let k = 0; k < 6; k++) {
    const shift = k * 9 * HOUR_MS + k * 7 * MINUTE_MS;
    rows.push(...storedRows(vod[k % 3]!, `-v${k}`, `VISITOR-${k % 4}`, shift));
    rows.push(...storedRows(k % 2 === 0 ? tv : radio, `-l${k}`, `VISITOR-${(k + 1) % 4}`, shift + 11 * MINUTE_MS, k === 5));
  }
  // Exits before the start: one by the idle rule (a day before the last heartbeat), one by closing.
  rows.push(...storedRows(neverPlayed[0]!, '-left', 'VISITOR-1', 20 * HOUR_MS));
  rows.push(...storedRows(neverPlayed[1]!, '-closed', 'VISITOR-2', 30 * HOUR_MS));
  // 22:40 UTC on 1 January: the play goes on past midnight in Barcelona (23:00 UTC).
  rows.push(...storedRows(tv, '-midnight', 'VISITOR-2', 22 * HOUR_MS + 40 * MINUTE_MS));
  rows.sort((a, b) => a.receivedAtMs - b.receivedAtMs);
  const third = Math.ceil(rows.length / 3);
  const segments = [rows.slice(0, third), rows.slice(third, 2 * third), rows.slice(2 * third)];
  segments[1]!.push(...segments[0]!.filter((_, i) => i % 17 === 0));
  const late = segments[1]!.filter((_, i) => i % 23 === 0);
  segments[1] = segments[1]!.filter((_, i) => i % 23 !== 0);
  segments[2]!.push(...late);
  return segments;
}

type Store = Awaited<ReturnType<typeof openDuckDbStore>>;

async function loadSegments(store: Store, segments: HeartbeatRow[][]): Promise<void> {
  for (const [n, rows] of segments.entries()) {
    await store.storeBatch(rowBatchOf(`segment-${n}`, rows), { skipStored: false });
  }
}

/** The query with its live plays derived from the heartbeats instead of read from live_minutes. */
function fromHeartbeats(query: EngineQuery, filters: string): EngineQuery {
  const rolled = livePlaysDuckdb(filters);
  expect(query.duckdb).toContain(rolled);
  return { ...query, duckdb: query.duckdb.replace(rolled, () => LIVE_PLAYS_FROM_HEARTBEATS(filters)) };
}

/** The query-time derivation as `session_figures`, with the visitor key the table keeps beside the visitor id. */
function derivedFigures(nowMs: number): string {
  const derived = sessionFiguresSql({ reportSuite: SUITE, ...RANGE, nowMs }, DUCKDB_FUNCTIONS).replace('session_figures AS (', 'derived_figures AS (');
  return `${derived}, session_figures AS (SELECT *, hash(visitor_id) AS visitor_key FROM derived_figures)`;
}

/** A session report's text over the stored sessions, made to derive them from the heartbeats instead. */
function fromDerived(sessionsText: string, nowMs: number): string {
  const text = sessionsText.replace(sessionFiguresFrom(MEDIA_SESSIONS_TABLE, DUCKDB_FUNCTIONS), () => derivedFigures(nowMs));
  expect(text).not.toEqual(sessionsText);
  return text;
}

const sorted = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/**
 * Every session's figures and the live reports both ways, at a report clock of `nowMs`, and with
 * `groupings` each media session report too; returns how many sessions and live minutes there were.
 */
async function expectRollupsAnswerAsHeartbeats(store: Store, nowMs: number, groupings = false): Promise<{ sessions: number; liveRows: number; exitsBeforeStart: number[] }> {
  const exits: number[] = [];
  const values = { suite: SUITE, ...RANGE, idle_before_ms: nowMs - MEDIA_IDLE_TIMEOUT_MS };
  const derived = await store.read(
    { name: 'sessions derived', duckdb: `${sessionFiguresSql({ reportSuite: SUITE, ...RANGE, nowMs }, DUCKDB_FUNCTIONS)} SELECT * EXCLUDE (media_type) FROM session_figures ORDER BY session_id` },
    {},
  );
  const stored = await store.read(
    {
      name: 'sessions stored',
      duckdb: `${sessionFiguresFrom(MEDIA_SESSIONS_TABLE, DUCKDB_FUNCTIONS)} SELECT * EXCLUDE (visitor_key), visitor_key = hash(visitor_id) AS keyed FROM session_figures ORDER BY session_id`,
    },
    values,
  );
  expect(stored).toEqual(derived.map((row) => ({ ...row, keyed: true })));
  for (const grouping of groupings ? (['day', 'content', 'programme', 'season', 'channel'] as MediaGrouping[]) : []) {
    const filterCases: { sql: string; values: Record<string, string> }[] = [
      { sql: '', values: {} },
      { sql: 'AND programme = $f_programme', values: { f_programme: 'Telenotícies' } },
    ];
    for (const filters of filterCases) {
      // Without filters the report reads the media cells; with them, the sessions.
      const query = mediaSessionFiguresQuery(grouping, filters.sql);
      const derivedQuery = fromDerived(mediaSessionFiguresDuckdb(grouping, filters.sql), nowMs);
      const rows = await store.read(query, { ...values, ...filters.values });
      expect(rows).toEqual(await store.read({ ...query, duckdb: derivedQuery }, filters.values));
      if (filters.sql === '') exits.push(Number(rows.at(-1)!.exits_before_start));
      // The rankings over the sessions are compared with the derivation by media-console-reports and the ClickHouse tests.
      if (grouping === 'day' || filters.sql !== '') continue;
      const pages: Record<string, string | number>[] = [
        { limit: 2, offset: 0 },
        { limit: 2, offset: 1 },
        { limit: 1, offset: 0, keys: '["x","Telenotícies",""]' },
      ];
      for (const page of pages) {
        const restricted = page.keys !== undefined;
        const ranking = mediaSessionRankingQuery(grouping, 'plays', filters.sql, restricted);
        const derivedRanking = fromDerived(mediaSessionRankingDuckdb(grouping, 'plays', filters.sql, restricted), nowMs);
        const bound = { ...filters.values, ...page };
        expect(await store.read(ranking, { ...values, ...bound })).toEqual(await store.read({ ...ranking, duckdb: derivedRanking }, bound));
      }
    }
  }
  const live = { suite: SUITE, ...RANGE };
  const asks: [EngineQuery, string, Record<string, string>][] = [
    [liveMinutesQuery(''), '', { ...live, from: '2026-01-01', to: '2026-01-01', tz: TIME_ZONE }],
    [liveMinutesQuery('AND channel = $f_channel'), 'AND channel = $f_channel', { ...live, from: '2026-01-02', to: '2026-01-02', tz: TIME_ZONE, f_channel: 'mesura-tv' }],
    [guideViewingQuery(''), '', { ...live, guide: JSON.stringify(guideSlots(guideChannels(), RANGE)) }],
    [radioListenersQuery('AND programme = $f_programme'), 'AND programme = $f_programme', { ...live, stations: JSON.stringify(stationSlugs()), f_programme: 'Directe' }],
  ];
  for (const [query, filters, bound] of asks) {
    expect(sorted(await store.read(query, bound))).toEqual(sorted(await store.read(fromHeartbeats(query, filters), bound)));
  }
  const [counts] = await store.read({ name: 'counts', duckdb: `SELECT (SELECT count(*) FROM ${MEDIA_SESSIONS_TABLE}) AS sessions, (SELECT count(*) FROM live_minutes) AS live_rows` }, {});
  return { sessions: Number(counts!.sessions), liveRows: Number(counts!.live_rows), exitsBeforeStart: exits };
}

describe('media roll-ups', () => {
  it(
    'answer every media report as the heartbeats do, over segments, an erasure and retention',
    async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-media-rollups-'));
      const store = await openDuckDbStore(dataDir, VARIABLES, TIME_ZONE);
      try {
        const segments = await playSegments();
        await loadSegments(store, segments);
        const lastHeartbeat = Math.max(...segments.flat().map((row) => row.receivedAtMs)) + 5 * MINUTE_MS;
        // Some sessions still open (a report asked minutes after the last heartbeat), then all closed.
        const before = await expectRollupsAnswerAsHeartbeats(store, lastHeartbeat, true);
        // Six on-demand plays (the privacy scenario resumes in a session of its own: eight sessions), seven live, two never played.
        expect(before.sessions).toBe(17);
        // Both never-played sessions are exits before the start in every grouping's total: one closed, one idle.
        expect(before.exitsBeforeStart).toEqual([2, 2, 2, 2, 2]);
        expect(before.liveRows).toBeGreaterThan(50);
        await expectRollupsAnswerAsHeartbeats(store, lastHeartbeat + 3 * 24 * HOUR_MS);

        const erased = await store.eraseVisitor('VISITOR-3');
        // Their on-demand play of the 2nd and their live play of the 1st.
        expect(erased.mediaSessions).toBe(2);
        const afterErasure = await expectRollupsAnswerAsHeartbeats(store, lastHeartbeat, true);
        expect(afterErasure.sessions).toBe(15);

        await store.deleteBefore({ day: '2026-01-02', atMs: Date.parse('2026-01-01T23:00:00Z') });
        const afterRetention = await expectRollupsAnswerAsHeartbeats(store, lastHeartbeat, true);
        expect(afterRetention.sessions).toBeLessThan(afterErasure.sessions);
        // The idle one began on the 1st and went with retention.
        expect(afterRetention.exitsBeforeStart).toEqual([1, 1, 1, 1, 1]);
        // The live play over midnight keeps its heartbeats after it, as a session starting on the 2nd.
        const [midnight] = await store.read({ name: 'midnight', duckdb: `SELECT strftime(day, '%Y-%m-%d') AS day FROM ${MEDIA_SESSIONS_TABLE} WHERE session_id LIKE '%-midnight'` }, {});
        expect(midnight).toEqual({ day: '2026-01-02' });
      } finally {
        await store.close();
      }
    },
    ROLLUP_TEST_TIMEOUT_MS,
  );

  it.each([
    ['the sessions and live minutes', `DROP TABLE ${MEDIA_SESSIONS_TABLE}; DROP TABLE live_minutes`],
    ['the media cells', dropCellTableSql(MEDIA_CELLS).join('; ')],
  ])(
    'are made from the heartbeats of a data folder stored before %s',
    async (_, drop) => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-media-rollups-'));
      const first = await openDuckDbStore(dataDir, VARIABLES, TIME_ZONE);
      await loadSegments(first, await playSegments());
      await first.close();
      const instance = await DuckDBInstance.create(path.join(dataDir, DUCKDB_FILE_NAME));
      const connection = await instance.connect();
      await connection.run(drop);
      connection.closeSync();
      instance.closeSync();
      const store = await openDuckDbStore(dataDir, VARIABLES, TIME_ZONE);
      try {
        const answered = await expectRollupsAnswerAsHeartbeats(store, REPLAY_EPOCH_MS + 4 * 24 * HOUR_MS, true);
        expect(answered.sessions).toBe(17);
        expect(answered.exitsBeforeStart).toEqual([2, 2, 2, 2, 2]);
      } finally {
        await store.close();
      }
    },
    ROLLUP_TEST_TIMEOUT_MS,
  );

  it(
    'merge the media cells into one row per key once enough rows have piled up, and answer the same',
    async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-media-rollups-'));
      const first = await openDuckDbStore(dataDir, VARIABLES, TIME_ZONE);
      await loadSegments(first, await playSegments());
      await first.close();
      const instance = await DuckDBInstance.create(path.join(dataDir, DUCKDB_FILE_NAME));
      const connection = await instance.connect();
      const mostRowsPerKey = async () => {
        const result = await connection.runAndReadAll(`SELECT max(n) AS most FROM (SELECT count(*) AS n FROM ${MEDIA_CELLS_TABLE} GROUP BY report_suite, day, is_bot, dimension, value)`);
        return Number(result.getRowObjectsJson()[0]!.most);
      };
      // Sessions continued from one segment to the next were taken out and put back: several rows for a key.
      expect(await mostRowsPerKey()).toBeGreaterThan(1);
      const compaction = new CellCompaction([MEDIA_CELLS]);
      await compaction.record(connection, CELLS_MERGE_ROWS - 1);
      expect(await mostRowsPerKey()).toBeGreaterThan(1);
      await compaction.record(connection, 1);
      expect(await mostRowsPerKey()).toBe(1);
      connection.closeSync();
      instance.closeSync();
      const store = await openDuckDbStore(dataDir, VARIABLES, TIME_ZONE);
      try {
        const lastHeartbeat = REPLAY_EPOCH_MS + 3 * 24 * HOUR_MS;
        expect((await expectRollupsAnswerAsHeartbeats(store, lastHeartbeat, true)).exitsBeforeStart).toEqual([2, 2, 2, 2, 2]);
      } finally {
        await store.close();
      }
    },
    ROLLUP_TEST_TIMEOUT_MS,
  );
});
