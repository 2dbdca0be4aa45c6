import { useEffect, useState } from 'react';
import { fetchPageViews } from '../reports/reports-api';
import type { PageViewsQuery, PageViewsReport, ReportFailure, ReportOutcome } from '../reports/report-types';

export type ReportState =
  /** The request for the current query is under way. */
  | { status: 'loading' }
  | { status: 'ready'; report: PageViewsReport }
  | { status: 'failed'; failure: ReportFailure };

function queryKey({ from, to, by }: PageViewsQuery): string {
  return `${by}|${from}|${to}`;
}

/**
 * Fetches one page-views report and refetches when the query changes. The outcome is stored with
 * the query it answers, so an answer for an earlier range is never shown as the current one and
 * "loading" needs no extra state update.
 */
export function usePageViewsReport(query: PageViewsQuery): ReportState {
  const key = queryKey(query);
  const [answered, setAnswered] = useState<{ key: string; outcome: ReportOutcome } | undefined>(undefined);
  const { from, to, by } = query;

  useEffect(() => {
    const controller = new AbortController();
    void fetchPageViews({ from, to, by }, { signal: controller.signal }).then((outcome) => {
      if (!controller.signal.aborted) setAnswered({ key: queryKey({ from, to, by }), outcome });
    });
    return () => controller.abort();
  }, [from, to, by]);

  if (answered === undefined || answered.key !== key) return { status: 'loading' };
  return answered.outcome.ok
    ? { status: 'ready', report: answered.outcome.report }
    : { status: 'failed', failure: answered.outcome.failure };
}
