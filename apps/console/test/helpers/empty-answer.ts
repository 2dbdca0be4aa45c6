import type { ReportAnswer } from '@mesura/protocol';

/** A report's answer with no rows, over a fixed week: what a screen shows before any traffic. */
export function emptyAnswer(report: string, shape: Pick<ReportAnswer, 'dimension' | 'chart'>): ReportAnswer {
  return {
    report,
    title: report,
    rows: [],
    metrics: [],
    totals: { values: {} },
    totalRows: 0,
    offset: 0,
    limit: 25,
    from: '2026-11-19',
    to: '2026-11-25',
    filters: [],
    minCohort: 5,
    ...shape,
  } as ReportAnswer;
}
