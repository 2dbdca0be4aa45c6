// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReportCatalogueEntry } from '@mesura/protocol';
import { ReportArea } from '../src/report-view/report-area';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { emptyAnswer } from './helpers/empty-answer';
import { mountedRoot } from './helpers/mounted-root';

// A report that needs a parameter (a page's paths need the page) is not listed in its area, which
// would have nothing to show it; a drill-down that gives the page shows every report needing it.

const mounted = mountedRoot();

const CATALOGUE: ReportCatalogueEntry[] = [
  { report: 'content/pages', area: 'content', title: 'Pàgines' },
  { report: 'content/previous-pages', area: 'content', title: "D'on venien", params: ['page'], requires: ['page'] },
  { report: 'content/next-pages', area: 'content', title: 'On anaven després', params: ['page'], requires: ['page'] },
];

/** The area at `url`; answers which reports it asked for, and with what query. */
async function areaAt(url: string): Promise<{ asked: string[]; headings: string[] }> {
  const asked: string[] = [];
  const api: ReportsApi = {
    catalogue: () => Promise.resolve({ ok: true, value: CATALOGUE }),
    report: (report, query) => {
      asked.push(`${report}?${query}`);
      return Promise.resolve({ ok: true, value: emptyAnswer(report, { dimension: { key: 'url', label: 'Pàgina' }, chart: 'bar' }) });
    },
  };
  const container = await mounted.mount(
    <ReportsApiContext.Provider value={api}>
      <MemoryRouter initialEntries={[url]}>
        <ReportArea catalogueArea="content" label="Contingut" />
      </MemoryRouter>
    </ReportsApiContext.Provider>,
  );
  return { asked, headings: [...container.querySelectorAll('h2')].map((h) => h.textContent ?? '') };
}

describe("a page's paths in the content area", () => {
  it('are not listed among the reports, which have no page to show them for', async () => {
    const reports = (await areaAt('/')).asked.map((ask) => ask.split('?')[0]);
    expect(reports).toContain('content/pages');
    expect(reports.filter((report) => report?.endsWith('-pages'))).toEqual([]);
  });

  it("are both shown, for the page, when a page's row opens them", async () => {
    const { asked, headings } = await areaAt(`/?informe=content/previous-pages&p.page=${encodeURIComponent('/noticia/2/')}`);
    const paths = asked.filter((ask) => ask.startsWith('content/previous-pages?') || ask.startsWith('content/next-pages?'));
    expect(paths.map((ask) => ask.split('?')[0]).sort()).toEqual(['content/next-pages', 'content/previous-pages']);
    for (const ask of paths) expect(new URLSearchParams(ask.split('?')[1]).get('page')).toBe('/noticia/2/');
    expect(asked.some((ask) => ask.startsWith('content/pages?'))).toBe(false);
    expect(headings.filter((h) => h.includes('/noticia/2/'))).toHaveLength(2);
  });
});
