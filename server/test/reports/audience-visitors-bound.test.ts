/**
 * The audience series' visitors are estimates (reports/audience-reports.ts): on a small filtered set
 * an estimate can exceed the visits, which no real count can. A reader answering such estimates
 * stands in for the engine.
 */
import { expect, it } from 'vitest';
import type { AnalyticsReader, ResultRow } from '../../src/store/analytics-reader.js';
import { AUDIENCE_REPORTS } from '../../src/reports/audience-reports.js';

it('never answers more visitors than visits, for a day or for the range', async () => {
  const estimated: ResultRow[] = [
    { key: '2026-11-23', page_views: 300, visits: 97, visitors: 111, pages_per_visit: 3, bounce_rate: 0.5 },
    { key: '2026-11-24', page_views: 40, visits: 20, visitors: 12, pages_per_visit: 2, bounce_rate: 0.5 },
    { key: null, page_views: 340, visits: 117, visitors: 130, pages_per_visit: 2.9, bounce_rate: 0.5 },
  ];
  const reader: AnalyticsReader = { read: async () => estimated };
  const byDay = AUDIENCE_REPORTS.find((report) => report.report === 'audience/by-day')!;
  const request = { reportSuite: 'mesuradev', from: '2026-11-23', to: '2026-11-24', filters: [{ dimension: 'channel' as const, value: 'mesura-tv' }], offset: 0, limit: 50, params: {} };
  const answer = await byDay.run(request, { reader, minCohort: 1, timeZone: 'Europe/Madrid' });
  expect(answer.rows.map((row) => [row.values.visits, row.values.visitors])).toEqual([
    [97, 97],
    [20, 12],
  ]);
  expect(answer.totals.values).toMatchObject({ visits: 117, visitors: 117 });
});
