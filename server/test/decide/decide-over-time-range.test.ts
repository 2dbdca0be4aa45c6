import { describe, expect, it } from 'vitest';
import { activityOverTime } from '../../src/decide/activity-over-time.js';
import { daysOf, OVER_TIME_DEFAULT_DAYS, OVER_TIME_MAX_DAYS, overTimeRange } from '../../src/decide/over-time-range.js';
import { testActivity } from '../helpers/activity.js';

describe('overTimeRange', () => {
  it('defaults to the last 30 days ending today, across a year boundary', () => {
    expect(OVER_TIME_DEFAULT_DAYS).toBe(30);
    expect(overTimeRange({}, '2026-01-10')).toEqual({ ok: true, value: { from: '2025-12-12', to: '2026-01-10' } });
  });

  it(`takes exactly ${OVER_TIME_MAX_DAYS} days, a leap year's, and refuses one more`, () => {
    expect(overTimeRange({ from: '2024-01-01', to: '2024-12-31' }, '2026-01-10').ok).toBe(true);
    expect(overTimeRange({ from: '2024-01-01', to: '2025-01-01' }, '2026-01-10')).toEqual({ ok: false, reason: 'the range covers 367 days; at most 366 are allowed' });
  });

  it('lists every day in order, through month ends and 29 February', () => {
    expect(daysOf({ from: '2028-02-27', to: '2028-03-01' })).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
  });
});

describe('activityOverTime', () => {
  const activity = testActivity({
    experiences: [
      { id: 'a', name: 'A', share: 1 },
      { id: 'b', name: 'B', share: 1 },
    ],
  });

  it('adds each day to the days before it, leaves out experiences no longer defined, and fills empty days', () => {
    const added = [
      { experienceId: 'a', day: '2026-01-01', visitors: 3, conversions: 1 },
      { experienceId: 'retirada', day: '2026-01-01', visitors: 50, conversions: 50 },
      { experienceId: 'a', day: '2026-01-03', visitors: 2, conversions: 1 },
    ];
    const answer = activityOverTime(activity, { from: '2026-01-01', to: '2026-01-03' }, added, 5);
    expect(answer.days.map((d) => [d.day, d.experiences[0]!.visitors, d.experiences[0]!.conversions, d.experiences[0]!.conversionRate])).toEqual([
      ['2026-01-01', null, null, null],
      ['2026-01-02', null, null, null],
      ['2026-01-03', 5, 2, 0.4],
    ]);
    expect(answer.days.every((d) => d.experiences.map((e) => e.id).join() === 'a,b' && d.experiences[1]!.hidden)).toBe(true);
  });
});
