import { describe, expect, it } from 'vitest';
import { paramsFromState, presetRange, reportQuery, stateFromParams, withFilter, withoutFilter, type ReportScreenState } from '../src/report-view/report-state';

/** 10:00 in Barcelona on 2026-11-25. */
const NOW = new Date('2026-11-25T09:00:00Z');
const ZONE = 'Europe/Madrid';

const roundTrip = (state: ReportScreenState) => stateFromParams(paramsFromState(state), NOW, ZONE);

describe('the report state in the URL', () => {
  it('reads presets as days seen from today in the report zone', () => {
    expect(presetRange('avui', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(presetRange('ahir', '2026-11-25')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(presetRange('7-dies', '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetRange('30-dies', '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetRange('aquest-mes', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(presetRange('mes-passat', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('mes-passat', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('takes today in the report zone: 23:30 UTC on the 24th is already the 25th in Barcelona', () => {
    const state = stateFromParams(new URLSearchParams('periode=avui'), new Date('2026-11-24T23:30:00Z'), ZONE);
    expect(state.range).toEqual({ from: '2026-11-25', to: '2026-11-25' });
  });

  it('round-trips a preset: the URL keeps its name, not its days', () => {
    const state = stateFromParams(new URLSearchParams('periode=mes-passat'), NOW, ZONE);
    expect(state).toMatchObject({ preset: 'mes-passat', range: { from: '2026-10-01', to: '2026-10-31' } });
    expect(paramsFromState(state).toString()).toBe('periode=mes-passat');
    expect(roundTrip(state)).toEqual(state);
  });

  it('round-trips a custom range, the comparison, stacked filters, the table view and a drill-down', () => {
    const state: ReportScreenState = {
      range: { from: '2026-11-01', to: '2026-11-15' },
      compare: true,
      filters: [
        { dimension: 'section', value: 'noticies' },
        { dimension: 'login', value: 'no logat' },
      ],
      view: 'table',
      report: 'content/pages',
      reportParams: { section: 'noticies', subsection: 'politica' },
    };
    expect(paramsFromState(state).toString()).toBe(
      'des=2026-11-01&fins=2026-11-15&compara=1&f=section%3Anoticies&f=login%3Ano+logat&vista=taula&informe=content%2Fpages&p.section=noticies&p.subsection=politica',
    );
    expect(roundTrip(state)).toEqual(state);
  });

  it('defaults to the last 7 days, no comparison, no filters and charts', () => {
    expect(stateFromParams(new URLSearchParams(''), NOW, ZONE)).toEqual({
      range: { from: '2026-11-19', to: '2026-11-25' },
      preset: '7-dies',
      compare: false,
      filters: [],
      view: 'chart',
      reportParams: {},
    });
  });

  it('falls back to the last 7 days for a broken range, and ignores unknown filters, repeated dimensions and odd report ids', () => {
    const state = stateFromParams(new URLSearchParams('des=2026-02-30&fins=x&f=colour:red&f=device:mobile&f=device:tablet&f=nocolon&informe=../../admin'), NOW, ZONE);
    expect(state.range).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(state.preset).toBe('7-dies');
    expect(state.filters).toEqual([{ dimension: 'device', value: 'mobile' }]);
    expect(state.report).toBeUndefined();
    expect(stateFromParams(new URLSearchParams('des=2026-11-20&fins=2026-11-10'), NOW, ZONE).preset).toBe('7-dies');
  });

  it('keeps a filter value with a colon whole', () => {
    expect(stateFromParams(new URLSearchParams('f=campaign:estiu:2026'), NOW, ZONE).filters).toEqual([{ dimension: 'campaign', value: 'estiu:2026' }]);
  });

  it('stacks filters, one per dimension, and removes them', () => {
    const base = stateFromParams(new URLSearchParams('f=section:noticies'), NOW, ZONE);
    const stacked = withFilter(base, { dimension: 'device', value: 'mobile' });
    expect(stacked.filters).toEqual([
      { dimension: 'section', value: 'noticies' },
      { dimension: 'device', value: 'mobile' },
    ]);
    expect(withFilter(stacked, { dimension: 'section', value: 'esports' }).filters).toEqual([
      { dimension: 'device', value: 'mobile' },
      { dimension: 'section', value: 'esports' },
    ]);
    expect(withoutFilter(stacked, 'section').filters).toEqual([{ dimension: 'device', value: 'mobile' }]);
  });

  it('asks the API with the range, comparison, filters, parameters and page size', () => {
    const state = withFilter(stateFromParams(new URLSearchParams('periode=avui&compara=1&f=device:mobile'), NOW, ZONE), { dimension: 'device', value: 'tablet' });
    expect(reportQuery(state, { section: 'noticies' }, 25)).toBe('from=2026-11-25&to=2026-11-25&limit=25&compare=previous&f=device%3Atablet&section=noticies');
  });
});
