/**
 * A site-goal activity's results on ClickHouse (store/queries/activity-site-goal-hits.ts, beside
 * activity-results.ts's texts) answer as DuckDB's: one data set goes through the ingest log into
 * both engines (helpers/both-engines.ts), and both are asked the results of an exact address goal
 * and a direct call goal over all time, per local day of a range and in CUPED's pre-period query.
 */
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClickHouseDecisionStore } from '../../../src/store/clickhouse/clickhouse-decision-store.js';
import { createClickHouseTransport, type ClickHouseTransport } from '../../../src/store/clickhouse/clickhouse-transport.js';
import type { DecisionEventRow } from '../../../src/store/decision-row.js';
import type { HitRow } from '../../../src/store/hit-row.js';
import { loadBothEngines, type BothEngines } from '../../helpers/both-engines.js';
import { describeWithClickHouse, useTestDatabase } from '../../helpers/clickhouse.js';
import {
  byExperience,
  CALL_ACTIVITY,
  EXACT_PAGE_ACTIVITY,
  SITE_GOAL_COUNTS,
  SITE_GOAL_DAY_COUNTS,
  SITE_GOAL_RANGE,
  SITE_GOAL_SUITE,
  SITE_GOAL_TIME_ZONE,
  siteGoalOf,
  siteGoalRows,
} from '../../helpers/site-goal-activity-rows.js';

/** Both engines load two segments and ClickHouse answers nested queries: seconds on a busy machine. */
const RESULTS_TEST_TIMEOUT_MS = 90_000;
const ACTIVITIES = [EXACT_PAGE_ACTIVITY, CALL_ACTIVITY];

describeWithClickHouse('site-goal activity results on ClickHouse and on DuckDB', () => {
  const db = useTestDatabase();
  let engines: BothEngines;
  let transport: ClickHouseTransport;
  let clickhouse: ClickHouseDecisionStore;

  beforeAll(async () => {
    const rows = siteGoalRows();
    // Every goal hit sent again to another collector: ClickHouse keeps both copies, neither engine counts one twice.
    const resent = rows.filter((row): row is HitRow => !('kind' in row));
    const segments: (DecisionEventRow | HitRow)[][] = [rows, resent];
    engines = await loadBothEngines({ segments, clickhouse: db(), variables: variableNames(SITE_VARIABLE_MAP), timeZone: SITE_GOAL_TIME_ZONE });
    transport = createClickHouseTransport(db().location, { database: db().location.database });
    clickhouse = new ClickHouseDecisionStore({ transport, timeZone: SITE_GOAL_TIME_ZONE });
  }, RESULTS_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await transport?.close();
    await engines?.close();
  }, RESULTS_TEST_TIMEOUT_MS);

  it(
    'counts the visitors whose goal hit follows their first impression, as DuckDB does',
    async () => {
      for (const activity of ACTIVITIES) {
        expect(byExperience(await clickhouse.experienceCounts(activity, siteGoalOf(activity))), activity.id).toEqual(SITE_GOAL_COUNTS);
        expect(byExperience(await engines.duckdb.experienceCounts(activity, siteGoalOf(activity))), activity.id).toEqual(SITE_GOAL_COUNTS);
      }
      // The goal deleted since: visitors still, no conversion.
      const deleted = await clickhouse.experienceCounts(EXACT_PAGE_ACTIVITY, { suite: SITE_GOAL_SUITE });
      expect(byExperience(deleted)).toEqual(SITE_GOAL_COUNTS.map((row) => ({ ...row, conversions: 0 })));
      // No impression yet: no day to start from, and no visitor.
      const unseen = { ...EXACT_PAGE_ACTIVITY, id: 'sense-impressions' };
      expect(await clickhouse.experienceCounts(unseen, siteGoalOf(EXACT_PAGE_ACTIVITY))).toEqual([]);
    },
    RESULTS_TEST_TIMEOUT_MS,
  );

  it(
    'counts what each local day of a range adds, as DuckDB does',
    async () => {
      for (const activity of ACTIVITIES) {
        expect(await clickhouse.experienceDayCounts(activity, SITE_GOAL_RANGE, siteGoalOf(activity)), activity.id).toEqual(SITE_GOAL_DAY_COUNTS);
        expect(await engines.duckdb.experienceDayCounts(activity, SITE_GOAL_RANGE, siteGoalOf(activity)), activity.id).toEqual(SITE_GOAL_DAY_COUNTS);
      }
    },
    RESULTS_TEST_TIMEOUT_MS,
  );

  it(
    "sums CUPED's pre-period alike, its visitors and conversions the report's",
    async () => {
      for (const activity of ACTIVITIES) {
        const sums = await clickhouse.experiencePrePeriod(activity, siteGoalOf(activity));
        expect(byExperience(sums.experiences), activity.id).toEqual(byExperience((await engines.duckdb.experiencePrePeriod!(activity, siteGoalOf(activity))).experiences));
        expect(byExperience(sums.experiences).map(({ experienceId, visitors, conversions }) => ({ experienceId, visitors, conversions }))).toEqual(SITE_GOAL_COUNTS);
      }
    },
    RESULTS_TEST_TIMEOUT_MS,
  );
});
