// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { ReportArea } from '../src/report-view/report-area';
import { QuietApis } from './helpers/quiet-apis';
import { mountedRoot } from '@mesura/test-utils/react';

const SUBSECTIONS: ReportAnswer = {
  report: 'content/subsections',
  title: 'Subseccions',
  from: '2026-11-19',
  to: '2026-11-25',
  filters: [],
  dimension: { key: 'subsection', label: 'Subsecció' },
  metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
  chart: 'bar',
  rows: [{ key: 'politica', label: 'Política', values: { page_views: 40 } }],
  totalRows: 1,
  offset: 0,
  limit: 25,
  totals: { values: { page_views: 40 } },
  minCohort: 5,
  paramLabels: { section: 'Notícies' },
};

const mounted = mountedRoot();

describe('a report area opened on a drill-down', () => {
  it('shows the drilled report alone, titled by the answer’s name for what it was opened for', async () => {
    const api: ReportsApi = {
      catalogue: () =>
        Promise.resolve({
          ok: true,
          value: [
            { report: 'content/sections', area: 'content', title: 'Seccions' },
            { report: 'content/subsections', area: 'content', title: 'Subseccions', params: ['section'] },
          ],
        }),
      report: () => Promise.resolve({ ok: true, value: SUBSECTIONS }),
    };
    const container = await mounted.mount(
      <ReportsApiContext.Provider value={api}>
        <QuietApis>
          <MemoryRouter initialEntries={['/?informe=content/subsections&p.section=noticies']}>
            <ReportArea catalogueArea="content" label="Contingut" />
          </MemoryRouter>
        </QuietApis>
      </ReportsApiContext.Provider>,
    );
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Subseccions: Notícies']);
  });
});
