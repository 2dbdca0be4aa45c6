import { reportSessionProblem } from '../api/session-guard';
import { interpretReportAnswer } from './parse-report';
import type { PageViewsQuery, ReportOutcome } from './report-types';
import { pageViewsUrl } from './report-urls';

export interface FetchReportOptions {
  /** Cancels the request when the range changes before the answer arrives. */
  signal?: AbortSignal;
  /** The network; defaults to the browser's fetch. Tests pass a recording fake. */
  fetch?: typeof globalThis.fetch;
}

/** The only module that talks to the reports API. Never throws: every failure is a ReportOutcome. */
export async function fetchPageViews(query: PageViewsQuery, options: FetchReportOptions = {}): Promise<ReportOutcome> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(pageViewsUrl(query), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch {
    return { ok: false, failure: { reason: 'network' } };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not JSON, e.g. a proxy's HTML error page; the status alone decides.
    body = undefined;
  }
  const outcome = interpretReportAnswer(response.status, body);
  // A 401 sends the person to the login page (the layout listens), then back to this report.
  if (!outcome.ok && outcome.failure.reason === 'rejected') reportSessionProblem(outcome.failure);
  return outcome;
}
