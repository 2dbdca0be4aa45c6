/**
 * A media ranking's row of others counts its viewers alike on DuckDB and ClickHouse
 * (media-session-ranking.ts mediaSessionUnionVisitorsQuery, read by hidden-rows.ts): for every
 * grouping, the distinct visitors of some groups together, plain and filtered, over the same plays
 * stored in both engines, are the same number, and never more than the groups' visitors summed.
 */
import { MEDIA_IDLE_TIMEOUT_MS, SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MediaRankingGrouping } from '../../../src/store/queries/media-grouping.js';
import { mediaSessionRankingQuery, mediaSessionUnionVisitorsQuery } from '../../../src/store/queries/media-session-ranking.js';
import { ClickHouseAnalyticsReader } from '../../../src/store/clickhouse/clickhouse-analytics-reader.js';
import { createClickHouseTransport, type ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import { REPORT_QUERY_MAX_BYTES } from '../../../src/store/open-events-store.js';
import { loadBothEngines, type BothEngines } from '../../helpers/both-engines.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import { mediaPlaySegments, PLAYS_RANGE, PLAYS_SUITE, PLAYS_TIME_ZONE } from '../../helpers/media-play-rows.js';

const MINUTE_MS = 60_000;
const ENGINES_TEST_TIMEOUT_MS = 120_000;
const GROUPINGS: MediaRankingGrouping[] = ['content', 'programme', 'season', 'channel'];
const FILTERS: { sql: string; values: Record<string, string> }[] = [
  { sql: '', values: {} },
  { sql: ' AND device = $f_device', values: { f_device: 'unknown' } },
];

describeWithClickHouse("a media ranking's row of others on ClickHouse", () => {
  const db = useTestDatabase();
  let engines: BothEngines;
  let clickhouse: ClickHouseAnalyticsReader;
  let transport: ClickHouseTransport | undefined;
  let lastReceivedMs: number;

  beforeAll(async () => {
    const plays = await mediaPlaySegments();
    lastReceivedMs = plays.lastReceivedMs;
    engines = await loadBothEngines({ segments: plays.segments, clickhouse: db(), variables: variableNames(SITE_VARIABLE_MAP), timeZone: PLAYS_TIME_ZONE });
    transport = createClickHouseTransport(db().location, { database: db().location.database, maxQueryBytes: REPORT_QUERY_MAX_BYTES });
    clickhouse = new ClickHouseAnalyticsReader(transport, { timeZone: PLAYS_TIME_ZONE });
  }, ENGINES_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await transport?.close();
    await engines?.close();
  }, ENGINES_TEST_TIMEOUT_MS);

  it(
    'counts the visitors of some groups together as DuckDB does, plain and filtered, never summed',
    async () => {
      const bound = { suite: PLAYS_SUITE, ...PLAYS_RANGE, idle_before_ms: lastReceivedMs + 5 * MINUTE_MS - MEDIA_IDLE_TIMEOUT_MS };
      let asked = 0;
      for (const grouping of GROUPINGS) {
        for (const filters of FILTERS) {
          const ranked = await engines.duckdb.read(mediaSessionRankingQuery(grouping, 'plays', filters.sql, false), { ...bound, ...filters.values, limit: 100, offset: 0 });
          const groups = ranked.filter((row) => row.key !== null);
          if (groups.length < 2) continue;
          for (const some of [groups.slice(0, 2), groups]) {
            const values = { ...bound, ...filters.values, keys: JSON.stringify(some.map((row) => String(row.key))) };
            const query = mediaSessionUnionVisitorsQuery(grouping, filters.sql);
            const expected = Number((await engines.duckdb.read(query, values))[0]?.visitors);
            const actual = Number((await clickhouse.read(query, values))[0]?.visitors);
            expect(actual, `${grouping}${filters.sql}`).toBe(expected);
            expect(expected).toBeGreaterThan(0);
            expect(expected).toBeLessThanOrEqual(some.reduce((sum, row) => sum + Number(row.visitors), 0));
            asked += 1;
          }
        }
      }
      expect(asked).toBeGreaterThanOrEqual(4);
    },
    ENGINES_TEST_TIMEOUT_MS,
  );
});
