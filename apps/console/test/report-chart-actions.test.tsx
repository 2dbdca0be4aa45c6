// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { ReportView } from '../src/report-view/report-view';
import { mountedRoot } from '@mesura/test-utils/react';

// In the chart view (the default) a ranking's rows are drawn as bars and the table is kept, visually
// hidden, for assistive technology. The rows' controls (drill-down, page, filter) must be on the bars
// a person sees, never in the hidden table, where a keyboard focus would be invisible (WCAG 2.4.7).

const SECTIONS: ReportAnswer = {
  report: 'content/sections',
  title: 'Seccions',
  from: '2026-11-19',
  to: '2026-11-25',
  filters: [],
  dimension: { key: 'section', label: 'Secció' },
  metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
  chart: 'bar',
  rows: [
    {
      key: 'noticies',
      label: 'Notícies',
      href: 'https://example.cat/noticies/',
      drill: { report: 'content/subsections', params: { section: 'noticies' } },
      values: { page_views: 1200 },
    },
  ],
  totalRows: 1,
  offset: 0,
  limit: 25,
  totals: { values: { page_views: 1200 } },
  minCohort: 5,
};

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

const mounted = mountedRoot();
let container: HTMLElement;
let search = '';

function LocationProbe() {
  search = useLocation().search;
  return null;
}

async function renderSections(url: string) {
  const api: ReportsApi = {
    catalogue: () => Promise.resolve({ ok: true, value: [] }),
    report: () => Promise.resolve({ ok: true, value: SECTIONS }),
  };
  container = await mounted.mount(
    <ReportsApiContext.Provider value={api}>
      <MemoryRouter initialEntries={[url]}>
        <ReportView report="content/sections" title="Seccions" />
        <LocationProbe />
      </MemoryRouter>
    </ReportsApiContext.Provider>,
  );
}

async function click(element: Element | null) {
  expect(element).not.toBeNull();
  await act(async () => (element as HTMLElement).click());
}

describe("a ranking's chart view", () => {
  it('puts nothing focusable in the visually hidden table', async () => {
    await renderSections('/');
    expect(container.querySelector('.visually-hidden table')).not.toBeNull();
    expect(container.querySelectorAll(`.visually-hidden ${FOCUSABLE.split(', ').join(', .visually-hidden ')}`)).toHaveLength(0);
  });

  it("opens a row's drill-down from its bar", async () => {
    await renderSections('/');
    await click(container.querySelector('.bar-chart button[aria-label="Notícies: obre el detall"]'));
    const params = new URLSearchParams(search);
    expect(params.get('informe')).toBe('content/subsections');
    expect(params.get('p.section')).toBe('noticies');
  });

  it('filters by a row and opens its page from its bar', async () => {
    await renderSections('/');
    expect(container.querySelector('.bar-chart a[aria-label="Obre la pàgina Notícies (finestra nova)"]')?.getAttribute('href')).toBe('https://example.cat/noticies/');
    await click(container.querySelector('.bar-chart button[aria-label="Filtra per Secció: Notícies"]'));
    expect(new URLSearchParams(search).getAll('f')).toEqual(['section:noticies']);
  });

  it('names the figure without making it an image, which would hide its controls from assistive technology', async () => {
    await renderSections('/');
    const figure = container.querySelector('figure.report-chart__figure');
    expect(figure?.getAttribute('aria-label')).toContain('Gràfic de pàgines vistes per secció');
    expect(figure?.getAttribute('role')).toBeNull();
  });

  it('keeps the controls in the table view', async () => {
    await renderSections('/?vista=taula');
    expect(container.querySelector('.bar-chart')).toBeNull();
    expect(container.querySelector('table button[aria-label="Notícies: obre el detall"]')).not.toBeNull();
  });
});
