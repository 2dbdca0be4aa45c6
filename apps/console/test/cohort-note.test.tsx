// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { ReportView } from '../src/report-view/report-view';
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
  rows: [
    { key: 'salut', label: 'Salut', values: { page_views: 40 } },
    { key: '(altres)', label: 'Altres (menys de 5 visitants)', values: { page_views: 7 } },
  ],
  othersRows: 6,
  totalRows: 30,
  offset: 0,
  limit: 25,
  totals: { values: { page_views: 47 } },
  minCohort: 5,
};

const mounted = mountedRoot();

async function render(answer: ReportAnswer) {
  const api: ReportsApi = { catalogue: () => Promise.resolve({ ok: true, value: [] }), report: () => Promise.resolve({ ok: true, value: answer }) };
  return mounted.mount(
    <ReportsApiContext.Provider value={api}>
      <MemoryRouter>
        <ReportView report={answer.report} title={answer.title} />
      </MemoryRouter>
    </ReportsApiContext.Provider>,
  );
}

describe('what the minimum cohort hid, said once under a report', () => {
  it('says how many rows the row of others adds up, offers no filter by it, and counts them among the rows shown', async () => {
    const container = await render(SUBSECTIONS);
    const notes = [...container.querySelectorAll('.panel__note')].map((p) => p.textContent);
    expect(notes).toContain('6 files amb menys de 5 visitants se sumen a «Altres», perquè cap xifra no identifiqui ningú.');
    expect(container.querySelector('.bar-chart button[aria-label^="Filtra per Subsecció: Salut"]')).not.toBeNull();
    expect(container.querySelector('.bar-chart button[aria-label^="Filtra per Subsecció: Altres"]')).toBeNull();
    // 1 row shown and 6 added up: 7 of the ranking's 30.
    expect(container.textContent).toContain("Mostra'n més (7 de 30)");
  });

  it('says once why cells show «< 5» when nothing could be added up', async () => {
    const rows = [SUBSECTIONS.rows[0]!, { key: 'economia', label: 'Economia', values: { page_views: null }, hidden: true }];
    const { othersRows: _others, ...plain } = SUBSECTIONS;
    const container = await render({ ...plain, rows, totalRows: 2 });
    const notes = [...container.querySelectorAll('.panel__note')].map((p) => p.textContent);
    expect(notes.filter((note) => note?.includes('menys de 5 visitants'))).toEqual(['Les xifres de menys de 5 visitants es mostren com a «< 5», perquè no identifiquin ningú.']);
  });

  it('says nothing when nothing is hidden', async () => {
    const { othersRows: _others, ...plain } = SUBSECTIONS;
    const container = await render({ ...plain, rows: [SUBSECTIONS.rows[0]!], totalRows: 1 });
    expect(container.textContent).not.toContain('menys de 5 visitants');
  });
});
