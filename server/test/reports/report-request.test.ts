import { describe, expect, it } from 'vitest';
import { parseReportRequest, previousPeriod, REPORT_ROWS_DEFAULT } from '../../src/reports/report-request.js';

const RANGE = { from: '2026-11-01', to: '2026-11-30' };

describe('the common request of console reports', () => {
  it('takes the range, stacked filters, the comparison and the page', () => {
    const parsed = parseReportRequest({ ...RANGE, compare: 'previous', f: ['section:noticies', 'login:no logat'], offset: '25', limit: '50' }, 'mesuradev');
    expect(parsed).toEqual({
      ok: true,
      value: {
        ...RANGE,
        reportSuite: 'mesuradev',
        compare: { from: '2026-10-02', to: '2026-10-31' },
        filters: [
          { dimension: 'section', value: 'noticies' },
          { dimension: 'login', value: 'no logat' },
        ],
        offset: 25,
        limit: 50,
        params: {},
      },
    });
  });

  it('pages by REPORT_ROWS_DEFAULT rows from the first when not told', () => {
    const parsed = parseReportRequest(RANGE, 'mesuradev');
    expect(parsed.ok && [parsed.value.offset, parsed.value.limit]).toEqual([0, REPORT_ROWS_DEFAULT]);
  });

  it('compares a single day with the day before, and a month with the as many days before it', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
  });

  it.each([
    [{ f: 'colour:red' }, 'f must be dimension:value with dimension one of section, subsection, programme, channel, portal, device, login, campaign, country, region'],
    [{ f: ['section:a', 'section:b'] }, 'f names section twice; a dimension takes one value'],
    [{ f: `section:${'x'.repeat(201)}` }, 'f=section is longer than 200 characters'],
    [{ f: 'section:a\u0007' }, 'f=section contains control characters'],
    [{ compare: 'last-year' }, 'compare must be previous or none'],
    [{ limit: '0' }, 'limit must be a whole number from 1 to 500'],
    [{ offset: '-1' }, 'offset must be a whole number from 0 to 100000'],
    [{ section: 'noticies' }, "unknown parameter 'section'; expected from, to, suite, compare, f, s, offset, limit"],
  ])('refuses %j with one line', (extra, reason) => {
    expect(parseReportRequest({ ...RANGE, ...extra }, 'mesuradev')).toEqual({ ok: false, reason });
  });

  it("takes a report's own parameters as bounded text", () => {
    const parsed = parseReportRequest({ ...RANGE, section: 'noticies' }, 'mesuradev', ['section']);
    expect(parsed.ok && parsed.value.params).toEqual({ section: 'noticies' });
    expect(parseReportRequest({ ...RANGE, section: ['a', 'b'] }, 'mesuradev', ['section'])).toEqual({ ok: false, reason: 'section must be given once' });
  });
});
