import { describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import { reportCsv } from '../src/catalogue/report-csv';
import { paramsFromState, presetRange, reportQuery, stateFromParams, withFilter } from '../src/catalogue/report-state';
import { formatChange, formatMetric } from '../src/catalogue/format-metric';

/** 10:00 in Barcelona on 2026-11-25. */
const NOW = new Date('2026-11-25T09:00:00Z');
const ZONE = 'Europe/Madrid';

describe('the report screen state in the URL', () => {
  it('reads presets as days seen from today in the report zone', () => {
    expect(presetRange('avui', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(presetRange('ahir', '2026-11-25')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(presetRange('7-dies', '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetRange('30-dies', '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetRange('aquest-mes', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(presetRange('mes-passat', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('round-trips a custom range, the comparison, stacked filters and a drill-down', () => {
    const state = {
      range: { from: '2026-11-01', to: '2026-11-15' },
      compare: true,
      filters: [{ dimension: 'section' as const, value: 'noticies' }, { dimension: 'login' as const, value: 'no logat' }],
      report: 'content/pages',
      reportParams: { section: 'noticies', subsection: 'politica' },
    };
    expect(stateFromParams(paramsFromState(state), NOW, ZONE)).toEqual(state);
  });

  it('falls back to the last 7 days for a missing or broken range, and ignores unknown filters', () => {
    const state = stateFromParams(new URLSearchParams('des=2026-02-30&fins=x&f=colour:red&f=device:mobile'), NOW, ZONE);
    expect(state.range).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(state.preset).toBe('7-dies');
    expect(state.filters).toEqual([{ dimension: 'device', value: 'mobile' }]);
  });

  it('asks the API with the range, comparison, filters, parameters and page size; a filter replaces one of its dimension', () => {
    const state = withFilter(stateFromParams(new URLSearchParams('periode=avui&compara=1&f=device:mobile'), NOW, ZONE), { dimension: 'device', value: 'tablet' });
    expect(reportQuery(state, { section: 'noticies' }, 25)).toBe('from=2026-11-25&to=2026-11-25&limit=25&compare=previous&f=device%3Atablet&section=noticies');
  });
});

const ANSWER: ReportAnswer = {
  report: 'content/sections',
  title: 'Seccions',
  from: '2026-11-24',
  to: '2026-11-24',
  compare: { from: '2026-11-23', to: '2026-11-23' },
  filters: [],
  dimension: { key: 'section', label: 'Secció' },
  metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
  chart: 'bar',
  rows: [
    { key: 'noticies', label: 'Notícies, "avui"', values: { page_views: 120 }, previous: { page_views: 100 } },
    { key: 'portada', label: 'portada', values: { page_views: null }, previous: { page_views: null }, hidden: true },
    { key: 'esports', label: 'Esports', values: { page_views: 40 }, previous: { page_views: null }, previousHidden: true },
  ],
  totalRows: 3,
  offset: 0,
  limit: 25,
  totals: { values: { page_views: 163 }, previous: { page_views: 110 } },
  minCohort: 5,
};

describe('the CSV of what a report shows', () => {
  it('has a BOM, the comparison columns, quoted labels, and no hidden row', () => {
    expect(reportCsv(ANSWER)).toBe(
      '\uFEFFSecció,Clau,Pàgines vistes,Pàgines vistes (període anterior)\r\n"Notícies, ""avui""",noticies,120,100\r\nEsports,esports,40,\r\n',
    );
  });
});

describe('metric formats', () => {
  it('writes numbers the Catalan way and says what changed', () => {
    expect(formatMetric(1234567, 'count')).toBe('1.234.567');
    expect(formatMetric(0.4215, 'percent')).toBe('42,2\u00a0%');
    expect(formatMetric(2.5, 'ratio')).toBe('2,50');
    expect(formatMetric(185, 'seconds')).toBe('3 min 05 s');
    expect(formatMetric(null, 'count')).toBe('—');
    expect(formatChange(120, 100)).toBe('+20\u00a0%');
    expect(formatChange(120, 0)).toBe('');
  });
});
