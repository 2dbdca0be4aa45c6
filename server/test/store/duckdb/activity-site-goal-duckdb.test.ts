/**
 * A site-goal activity's results on DuckDB (store/queries/activity-site-goal-hits.ts): a visitor
 * converts on a hit that reaches the site goal in its Objectius report, after their first
 * impression, over all time, per local day of a range and in CUPED's pre-period query; an exact
 * address goal and a direct call goal alike.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_VARIABLE_MAP, variableNames } from '@mesura/protocol';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { rowBatchOf } from '../../../src/store/ndjson-batch.js';
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

let dir: string;
let store: Awaited<ReturnType<typeof openDuckDbStore>>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesura-site-goal-activity-'));
  store = await openDuckDbStore(dir, variableNames(SITE_VARIABLE_MAP), SITE_GOAL_TIME_ZONE);
  await store.storeBatch(rowBatchOf('segment-0', siteGoalRows()), { skipStored: false });
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['an exact address goal', EXACT_PAGE_ACTIVITY],
  ['a direct call goal', CALL_ACTIVITY],
])('an activity converting on %s of the site', (_, activity) => {
  it('counts the visitors whose goal hit follows their first impression', async () => {
    expect(byExperience(await store.experienceCounts(activity, siteGoalOf(activity)))).toEqual(SITE_GOAL_COUNTS);
  });

  it('counts what each local day of a range adds', async () => {
    expect(await store.experienceDayCounts(activity, SITE_GOAL_RANGE, siteGoalOf(activity))).toEqual(SITE_GOAL_DAY_COUNTS);
  });

  it("counts CUPED's visitors and conversions as the report does", async () => {
    const sums = await store.experiencePrePeriod!(activity, siteGoalOf(activity));
    expect(byExperience(sums.experiences).map(({ experienceId, visitors, conversions }) => ({ experienceId, visitors, conversions }))).toEqual(SITE_GOAL_COUNTS);
  });

  it('counts no conversion once the goal is deleted', async () => {
    expect(byExperience(await store.experienceCounts(activity, { suite: SITE_GOAL_SUITE }))).toEqual(SITE_GOAL_COUNTS.map((row) => ({ ...row, conversions: 0 })));
  });
});
