import { describe, expect, it } from 'vitest';
import { parseExportQuery, parsePageViewsQuery } from '../../src/reports/report-query.js';

describe('parsePageViewsQuery', () => {
  it('accepts a valid query and defaults by=day and includeBots=false', () => {
    expect(parsePageViewsQuery({ from: '2026-11-01', to: '2026-11-23' }, 'mesuradev')).toEqual({
      ok: true,
      value: { from: '2026-11-01', to: '2026-11-23', by: 'day', reportSuite: 'mesuradev', includeBots: false },
    });
  });

  it.each([
    { query: { to: '2026-11-23' }, reason: 'from is required (YYYY-MM-DD)' },
    { query: { from: '2026-11-01' }, reason: 'to is required (YYYY-MM-DD)' },
    { query: { from: '23/11/2026', to: '2026-11-23' }, reason: 'from must be a date as YYYY-MM-DD' },
    { query: { from: '2026-02-30', to: '2026-03-01' }, reason: 'from is not a calendar date: 2026-02-30' },
    { query: { from: '2026-11-24', to: '2026-11-23' }, reason: 'from (2026-11-24) is after to (2026-11-23)' },
    { query: { from: '2025-01-01', to: '2026-11-23' }, reason: 'the range covers 692 days; at most 366 are allowed' },
    { query: { from: '2026-11-01', to: '2026-11-23', by: 'week' }, reason: 'by must be one of day, section, pageName' },
    { query: { from: '2026-11-01', to: '2026-11-23', includeBots: 'yes' }, reason: 'includeBots must be true or false' },
    { query: { from: '2026-11-01', to: '2026-11-23', suite: "x' OR 1=1" }, reason: 'suite must be a report suite id' },
    {
      query: { from: '2026-11-01', to: '2026-11-23', limit: '5' },
      reason: "unknown parameter 'limit'; expected from, to, by, suite, includeBots",
    },
  ])('rejects $query with "$reason"', ({ query, reason }) => {
    expect(parsePageViewsQuery(query, 'mesuradev')).toEqual({ ok: false, reason });
  });
});

describe('parseExportQuery', () => {
  it('defaults to json', () => {
    const parsed = parseExportQuery({ from: '2026-11-23', to: '2026-11-23' }, 'mesuradev');
    expect(parsed.ok && parsed.value.format).toBe('json');
  });

  it('rejects an unknown format', () => {
    expect(parseExportQuery({ from: '2026-11-23', to: '2026-11-23', format: 'xml' }, 'mesuradev')).toEqual({
      ok: false,
      reason: 'format must be json or csv',
    });
  });
});
