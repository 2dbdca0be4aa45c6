import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatKey, formatPercent, formatRange } from '../src/reports/format';
import { exportCsvUrl, pageViewsUrl } from '../src/reports/report-urls';

describe('formatCount', () => {
  it('groups thousands with a dot, the Catalan way', () => {
    expect([0, 12, 1234, 1234567].map(formatCount)).toEqual(['0', '12', '1.234', '1.234.567']);
  });
});

describe('formatPercent', () => {
  it('writes a decimal comma and a no-break space before the sign', () => {
    expect(formatPercent(0.125)).toBe('12,5\u00a0%');
    expect(formatPercent(1)).toBe('100\u00a0%');
    expect(formatPercent(0)).toBe('0\u00a0%');
  });

  it('keeps one decimal at most', () => {
    expect(formatPercent(1 / 3)).toBe('33,3\u00a0%');
  });
});

describe('formatDay', () => {
  it('names the weekday and the day in Catalan', () => {
    expect(formatDay('2026-11-23')).toBe('dl., 23 de nov.');
  });

  it('formats the calendar day itself, so a daylight-saving day stays that day', () => {
    expect(formatDay('2026-03-29')).toBe('dg., 29 de març');
  });
});

describe('formatRange', () => {
  it('collapses a range within one month', () => {
    expect(formatRange({ from: '2026-11-17', to: '2026-11-23' })).toBe('17–23 de novembre del 2026');
  });

  it('writes a one-day range as that day', () => {
    expect(formatRange({ from: '2026-11-23', to: '2026-11-23' })).toBe('23 de novembre del 2026');
  });
});

describe('formatKey', () => {
  it('labels an empty key', () => {
    expect(formatKey('')).toBe('(sense valor)');
    expect(formatKey('noticies')).toBe('noticies');
  });
});

describe('report URLs', () => {
  it('asks the reports API for a range and a dimension', () => {
    expect(pageViewsUrl({ from: '2026-11-17', to: '2026-11-23', by: 'pageName' })).toBe(
      '/api/reports/pageviews?from=2026-11-17&to=2026-11-23&by=pageName',
    );
  });

  it('links the CSV export of the same range', () => {
    expect(exportCsvUrl({ from: '2026-11-17', to: '2026-11-23' })).toBe(
      '/api/export/events?from=2026-11-17&to=2026-11-23&format=csv',
    );
  });
});
