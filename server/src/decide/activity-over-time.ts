/**
 * An activity's results over time: for every local day of a range, each experience's visitors and
 * conversions counted from the range's first day through the end of that day (cumulative, so the
 * last day agrees with the report of the same events), hidden under the minimum cohort as the
 * report hides them (activity-report.ts). Pure: the store gives what each day adds.
 */
import type { Activity, ActivityOverTime, ExperienceOnDay } from '@mesura/protocol';
import { belowCohort } from '../reports/min-cohort.js';
import type { DayRange, ExperienceDayCounts } from '../store/decision-store.js';
import { publishedArm } from './activity-report.js';
import { daysOf } from './over-time-range.js';

export function activityOverTime(activity: Activity, range: DayRange, added: readonly ExperienceDayCounts[], minCohort: number): ActivityOverTime {
  const byDay = new Map<string, ExperienceDayCounts[]>();
  for (const row of added) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  const running = new Map(activity.experiences.map((e) => [e.id, { visitors: 0, conversions: 0 }]));
  const days = daysOf(range).map((day) => {
    for (const row of byDay.get(day) ?? []) {
      const arm = running.get(row.experienceId);
      // An experience since removed from the definition is not reported, as in the report.
      if (!arm) continue;
      arm.visitors += row.visitors;
      arm.conversions += row.conversions;
    }
    const experiences = activity.experiences.map((e): ExperienceOnDay => {
      const arm = running.get(e.id)!;
      return { id: e.id, ...publishedArm(arm, belowCohort(arm.visitors, minCohort)) };
    });
    return { day, experiences };
  });
  return { activity: { id: activity.id, name: activity.name }, from: range.from, to: range.to, days };
}
