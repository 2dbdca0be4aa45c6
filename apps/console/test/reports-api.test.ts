import { describe, expect, it } from 'vitest';
import { failureMessage } from '../src/reports/failure-message';
import { interpretReportAnswer, parsePageViewsReport } from '../src/reports/parse-report';
import { fetchPageViews } from '../src/reports/reports-api';
import { onSessionProblem, type SessionProblem } from '../src/api/session-guard';

const example = {
  from: '2026-11-17',
  to: '2026-11-23',
  by: 'day',
  total: 12,
  rows: [{ key: '2026-11-23', pageViews: 12, visitors: 3 }],
};

/** A fetch that answers once with a fixed status and body, and records the URLs it was asked for. */
function fakeFetch(status: number, body: string) {
  const urls: string[] = [];
  const inits: (RequestInit | undefined)[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    urls.push(String(input));
    inits.push(init);
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, urls, inits };
}

describe('parsePageViewsReport', () => {
  it('reads the documented answer', () => {
    expect(parsePageViewsReport(example)).toEqual(example);
  });

  it('keeps distinct visitors of the range when the server sends them', () => {
    expect(parsePageViewsReport({ ...example, visitors: 3 })?.visitors).toBe(3);
  });

  it('reads a null key as an empty key', () => {
    const body = { ...example, by: 'section', rows: [{ key: null, pageViews: 2, visitors: 1 }] };
    expect(parsePageViewsReport(body)?.rows).toEqual([{ key: '', pageViews: 2, visitors: 1 }]);
  });

  it.each([
    ['an unknown dimension', { ...example, by: 'week' }],
    ['a missing total', { ...example, total: undefined }],
    ['a negative count', { ...example, rows: [{ key: '2026-11-23', pageViews: -1, visitors: 0 }] }],
    ['rows that are not a list', { ...example, rows: {} }],
    ['a body that is not an object', [example]],
  ])('refuses %s', (_name, body) => {
    expect(parsePageViewsReport(body)).toBeUndefined();
  });
});

describe('interpretReportAnswer', () => {
  it("turns a 400 into a rejection with the server's reason and code", () => {
    expect(interpretReportAnswer(400, { error: 'from must be a YYYY-MM-DD day', code: 'MESURA_BAD_RANGE' })).toEqual({
      ok: false,
      failure: { reason: 'rejected', status: 400, message: 'from must be a YYYY-MM-DD day', code: 'MESURA_BAD_RANGE' },
    });
  });

  it('turns a 5xx or a body-less 4xx into a server error', () => {
    expect(interpretReportAnswer(503, undefined)).toEqual({ ok: false, failure: { reason: 'server-error', status: 503 } });
    expect(interpretReportAnswer(404, undefined)).toEqual({ ok: false, failure: { reason: 'server-error', status: 404 } });
  });

  it('turns a 200 that is not a report into a malformed answer', () => {
    expect(interpretReportAnswer(200, { rows: 'none' })).toEqual({ ok: false, failure: { reason: 'malformed' } });
  });
});

describe('fetchPageViews', () => {
  it('asks for the query with the session cookie and returns the report', async () => {
    const { fetch, urls, inits } = fakeFetch(200, JSON.stringify(example));
    const outcome = await fetchPageViews({ from: '2026-11-17', to: '2026-11-23', by: 'day' }, { fetch });
    expect(urls).toEqual(['/api/reports/pageviews?from=2026-11-17&to=2026-11-23&by=day']);
    expect(inits[0]?.credentials).toBe('same-origin');
    expect(outcome).toEqual({ ok: true, report: example });
  });

  it('reports a network failure instead of throwing', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    expect(await fetchPageViews({ from: '2026-11-17', to: '2026-11-23', by: 'day' }, { fetch })).toEqual({
      ok: false,
      failure: { reason: 'network' },
    });
  });

  it('tells the layout when the session is gone, so that it shows the login page', async () => {
    const problems: SessionProblem[] = [];
    const stop = onSessionProblem((problem) => problems.push(problem));
    const { fetch } = fakeFetch(401, '{"error":"sign in first","code":"MESURA_ERR_UNAUTHENTICATED"}');
    await fetchPageViews({ from: '2026-11-17', to: '2026-11-23', by: 'day' }, { fetch });
    stop();
    expect(problems).toEqual(['signed-out']);
  });

  it('reads a non-JSON error page by its status', async () => {
    const { fetch } = fakeFetch(502, '<html>Bad Gateway</html>');
    expect(await fetchPageViews({ from: '2026-11-17', to: '2026-11-23', by: 'section' }, { fetch })).toEqual({
      ok: false,
      failure: { reason: 'server-error', status: 502 },
    });
  });
});

describe('failureMessage', () => {
  it("shows the server's reason in a Catalan sentence, without a doubled full stop", () => {
    expect(failureMessage({ reason: 'rejected', status: 400, message: 'from is after to.' })).toBe(
      'El servidor no ha acceptat la consulta: from is after to. Reviseu les dates.',
    );
  });

  it('names the status of a server error', () => {
    expect(failureMessage({ reason: 'server-error', status: 500 })).toBe(
      "El servidor no ha pogut preparar l'informe (error 500). Torneu-ho a provar d'aquí a una estona.",
    );
  });
});
