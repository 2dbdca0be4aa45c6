import { describe, expect, it } from 'vitest';
import { activityReport } from '../../src/decide/activity-report.js';
import { compare } from '../../src/decide/statistics.js';
import type { ExperienceCounts } from '../../src/store/decision-store.js';
import { testActivity } from '../helpers/activity.js';

const MIN_COHORT = 5;
const threeWay = testActivity({
  experiences: [
    { id: 'a', name: 'A', share: 1 },
    { id: 'b', name: 'B', share: 1 },
    { id: 'c', name: 'C', share: 1 },
  ],
});

const counts = (a: [number, number], b: [number, number], c: [number, number]): ExperienceCounts[] =>
  [a, b, c].map(([visitors, conversions], i) => ({ experienceId: 'abc'[i]!, visitors, conversions }));

describe('activity report under the minimum cohort', () => {
  it('shows every experience with hidden false when each reaches the cohort', () => {
    const report = activityReport(threeWay, counts([5, 1], [40, 10], [50, 5]), MIN_COHORT);
    expect(report.experiences.map((e) => [e.id, e.visitors, e.conversions, e.conversionRate, e.hidden])).toEqual([
      ['a', 5, 1, 0.2, false],
      ['b', 40, 10, 0.25, false],
      ['c', 50, 5, 0.1, false],
    ]);
    expect(report.experiences[0]!.versusControl).toBeUndefined();
    expect(report.experiences[1]!.versusControl).toEqual(compare({ visitors: 5, conversions: 1 }, { visitors: 40, conversions: 10 }));
    expect(report.totals).toEqual({ visitors: 95, conversions: 16, hidden: false });
    expect(report.sampleRatio).not.toBeNull();
  });

  it('hides an experience below the cohort: null figures, no comparison, no sample-ratio check', () => {
    const report = activityReport(threeWay, counts([40, 4], [4, 4], [50, 5]), MIN_COHORT);
    const [a, b, c] = report.experiences;
    expect(b).toEqual({ id: 'b', name: 'B', share: 1, visitors: null, conversions: null, conversionRate: null, hidden: true, control: false });
    expect(a!.hidden).toBe(false);
    expect(c!.versusControl).toEqual(compare({ visitors: 40, conversions: 4 }, { visitors: 50, conversions: 5 }));
    expect(report.sampleRatio).toBeNull();
    expect(report.totals).toEqual({ visitors: 94, conversions: 13, hidden: false });
  });

  it('compares nothing when the control is hidden', () => {
    const report = activityReport(threeWay, counts([4, 0], [40, 10], [50, 5]), MIN_COHORT);
    expect(report.experiences[0]).toMatchObject({ visitors: null, hidden: true, control: true });
    expect(report.experiences.map((e) => e.versusControl)).toEqual([undefined, undefined, undefined]);
    expect(report.experiences[1]).toMatchObject({ visitors: 40, conversions: 10, hidden: false });
  });

  it('hides the totals below the cohort, and experiences with no impressions at all', () => {
    const report = activityReport(threeWay, [{ experienceId: 'a', visitors: 3, conversions: 1 }], MIN_COHORT);
    expect(report.totals).toEqual({ visitors: null, conversions: null, hidden: true });
    expect(report.experiences.every((e) => e.hidden && e.visitors === null && e.conversionRate === null)).toBe(true);
  });

  it('follows the configured cohort, and says which it is', () => {
    const report = activityReport(threeWay, counts([2, 1], [2, 0], [2, 2]), 2);
    expect(report.minCohort).toBe(2);
    expect(report.experiences.map((e) => e.hidden)).toEqual([false, false, false]);
    expect(report.totals).toEqual({ visitors: 6, conversions: 3, hidden: false });
  });

  it('gives experience targeting no sample-ratio check', () => {
    const xt = { ...threeWay, type: 'xt' as const };
    expect(activityReport(xt, counts([10, 1], [10, 1], [10, 1]), MIN_COHORT).sampleRatio).toBeNull();
  });
});
