// @vitest-environment happy-dom
/** The Consentiment area draws the catalogue's consent reports, and only those, in the generic report view. */
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ReportAnswer, ReportCatalogueEntry } from '@mesura/protocol';
import ConsentimentArea from '../src/areas/consentiment/consentiment-area';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { mountedRoot } from '@mesura/test-utils/react';
import { QuietApis } from './helpers/quiet-apis';

vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const CATALOGUE: ReportCatalogueEntry[] = [
  { report: 'audience/by-day', area: 'audience', title: 'Audiència per dia' },
  { report: 'consent/choices', area: 'consent', title: 'Respostes al bàner de consentiment' },
  { report: 'consent/refusals', area: 'consent', title: 'Auditoria de consentiment del col·lector' },
];

function answer(report: string, title: string): ReportAnswer {
  return {
    report,
    title,
    from: '2026-11-23',
    to: '2026-11-23',
    filters: [],
    dimension: { key: 'day', label: 'Dia' },
    metrics: [{ key: 'total', label: 'Respostes', format: 'count' }],
    chart: 'line',
    rows: [{ key: '2026-11-23', label: 'dl. 23/11/2026', values: { total: 12 } }],
    totalRows: 1,
    offset: 0,
    limit: 25,
    totals: { values: { total: 12 } },
    minCohort: 5,
  };
}

const mounted = mountedRoot();

describe('the Consentiment area', () => {
  it('asks for consent/choices and consent/refusals and shows them under their titles', async () => {
    const asked: string[] = [];
    const api: ReportsApi = {
      catalogue: () => Promise.resolve({ ok: true, value: CATALOGUE }),
      report: (report) => {
        asked.push(report);
        return Promise.resolve({ ok: true, value: answer(report, CATALOGUE.find((e) => e.report === report)?.title ?? report) });
      },
    };
    const container = await mounted.mount(
      <QuietApis>
        <ReportsApiContext.Provider value={api}>
          <MemoryRouter initialEntries={['/?vista=taula']}>
            <ConsentimentArea />
          </MemoryRouter>
        </ReportsApiContext.Provider>
      </QuietApis>,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Consentiment');
    expect(asked).toEqual(expect.arrayContaining(['consent/choices', 'consent/refusals']));
    expect(asked).not.toContain('audience/by-day');
    const headings = [...container.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Respostes al bàner de consentiment', 'Auditoria de consentiment del col·lector']));
  });
});
