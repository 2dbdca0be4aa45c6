/**
 * The rules the mailed reports and alerts are made of, each on its own: which period a mail covers,
 * which console addresses name a report view, the expected range of a figure, and a summary mail
 * whose values hold markup (a page title, a filter value) shows them as text.
 */
import type { ReportAnswer } from '@mesura/protocol';
import { describe, expect, it } from 'vitest';
import { expectedRange } from '../../src/alerts/expected-range.js';
import { REPORT_CATALOGUE } from '../../src/reports/report-catalogue.js';
import { parseReportView, reportViewLink } from '../../src/subscriptions/console-report-view.js';
import { lastFullPeriod } from '../../src/subscriptions/mail-periods.js';
import { summaryMail } from '../../src/subscriptions/summary-mail.js';

const ZONE = 'Europe/Madrid';

describe('the period a mail covers', () => {
  // Wednesday 4 March 2026, 00:30 in Barcelona (23:30 UTC the day before).
  const now = Date.UTC(2026, 2, 3, 23, 30);
  it('is the day before in the site zone, the last Monday-to-Sunday week, or the last calendar month', () => {
    expect(lastFullPeriod('daily', now, ZONE)).toEqual({ from: '2026-03-03', to: '2026-03-03' });
    expect(lastFullPeriod('weekly', now, ZONE)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(lastFullPeriod('monthly', now, ZONE)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
  it('takes the week that ended yesterday on a Monday', () => {
    expect(lastFullPeriod('weekly', Date.UTC(2026, 2, 2, 8), ZONE)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
  });
});

describe('a report view address', () => {
  it('keeps the report, filters, segment and parameters, and drops the screen keys', () => {
    const parsed = parseReportView(
      'https://mesura.example.cat/consola/contingut/?informe=content/subsections&p.section=esports&f=device:mobile&s=lectors&periode=30-dies&vista=taula',
      REPORT_CATALOGUE,
    );
    expect(parsed.ok && parsed.value.view).toEqual({ report: 'content/subsections', filters: [{ dimension: 'device', value: 'mobile' }], segmentId: 'lectors', params: { section: 'esports' } });
    if (!parsed.ok) return;
    expect(reportViewLink('https://m.cat', parsed.value.view, { from: '2026-03-02', to: '2026-03-08' })).toBe(
      'https://m.cat/consola/contingut/?informe=content%2Fsubsections&des=2026-03-02&fins=2026-03-08&compara=1&f=device%3Amobile&s=lectors&p.section=esports',
    );
  });
  it.each([
    ['javascript:alert(1)', 'view must be an address of the console'],
    ['/consola/contingut/', 'view must name a report of the catalogue (informe=area/name)'],
    ['/consola/contingut/?informe=audience/by-day', 'the report audience/by-day is not in the area /contingut/'],
    ['/consola/audiencia/?informe=audience/by-day&s=Not%20An%20Id', 'view: s must be the id of one segment (lower-case letters, digits and hyphens)'],
    ['/consola/audiencia/?informe=audience/by-day&p.nope=1', "view: unknown parameter 'nope'; expected from, to, suite, compare, f, s, offset, limit"],
    ['/consola/audiencia/x/?informe=audience/by-day', 'view must be the address of a console area, such as /consola/contingut/?informe=content/pages'],
  ])('refuses %s with one line', (view, reason) => {
    expect(parseReportView(view, REPORT_CATALOGUE)).toEqual({ ok: false, reason });
  });
});

describe('the expected range', () => {
  it('is the mean ± 3 standard deviations of the weeks before', () => {
    const range = expectedRange([100, 120, 80, 100], 'count')!;
    // Sample standard deviation 16.33: ± 49.
    expect(range.low).toBeCloseTo(51, 0);
    expect(range.high).toBeCloseTo(149, 0);
  });
  it('is never narrower than its minimum, nor below 0, nor a share above 1', () => {
    expect(expectedRange([10, 10, 10, 10], 'count')).toEqual({ low: 0, high: 20 });
    expect(expectedRange([1000, 1000, 1000, 1000], 'count')).toEqual({ low: 750, high: 1250 });
    expect(expectedRange([0.98, 0.98, 0.98], 'percent')).toEqual({ low: expect.closeTo(0.93, 5), high: 1 });
  });
  it('is none without history enough to make one', () => {
    expect(expectedRange([12, null, null, null], 'count')).toBeUndefined();
    expect(expectedRange([0, 0, 0, 0], 'count')).toBeUndefined();
  });
});

describe('a summary mail', () => {
  it('shows every value as text, never as markup', () => {
    const answer = {
      report: 'content/pages',
      title: 'Pàgines',
      from: '2026-03-02',
      to: '2026-03-02',
      filters: [{ dimension: 'section', value: '<img src=x onerror=alert(1)>' }],
      dimension: { key: 'page', label: 'Pàgina' },
      metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
      chart: 'bar',
      rows: [{ key: '/a', label: '<script>alert("x")</script> & més', values: { page_views: 12 } }],
      totalRows: 1,
      offset: 0,
      limit: 5,
      totals: { values: { page_views: 12 }, previous: { page_views: 8 } },
      minCohort: 1,
    } as unknown as ReportAnswer;
    const mail = summaryMail('a@b.cat', answer, { from: '2026-03-02', to: '2026-03-02' }, 'https://m.cat/consola/contingut/?informe=content%2Fpages&des=2026-03-02');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; més: 12');
    expect(mail.html).toContain('Secció: &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain('href="https://m.cat/consola/contingut/?informe=content%2Fpages&amp;des=2026-03-02"');
    // Catalan puts a no-break space before %.
    expect(mail.text).toContain('Pàgines vistes: 12 (+50\u00a0%)');
  });
});
