// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReportAnswer, ReportParamControl } from '@mesura/protocol';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { ReportArea } from '../src/report-view/report-area';
import { ReportView } from '../src/report-view/report-view';
import { QuietApis } from './helpers/quiet-apis';
import { mountedRoot } from '@mesura/test-utils/react';

const ANSWER = (report: string, rows: ReportAnswer['rows']): ReportAnswer => ({
  report,
  title: report,
  from: '2026-11-19',
  to: '2026-11-25',
  filters: [],
  dimension: { key: 'url', label: 'Pàgina' },
  metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
  chart: 'bar',
  rows,
  totalRows: rows.length,
  offset: 0,
  limit: 25,
  totals: { values: { page_views: 10 } },
  minCohort: 5,
});

const ARTICLE = 'https://www.mesura.cat/noticia/1004/el-parlament-aprova/';
const PAGES = ANSWER('content/pages', [
  { key: ARTICLE, label: 'El Parlament aprova la llei', values: { page_views: 8 } },
  { key: 'https://www.mesura.cat/el-temps/', label: 'El temps', values: { page_views: 2 } },
]);
const CONTROL: ReportParamControl = { name: 'page', kind: 'page', label: 'Pàgina', absentLabel: 'Totes les pàgines' };

const mounted = mountedRoot();
let search = '';
const asked: string[] = [];

function LocationProbe() {
  search = useLocation().search;
  return null;
}

async function render(url: string, inArea = false) {
  const api: ReportsApi = {
    catalogue: () => Promise.resolve({ ok: true, value: [{ report: 'content/page-next', area: 'content', title: 'On van', params: ['page'], controls: [CONTROL] }] }),
    report: (report, query) => {
      asked.push(`${report}?${query}`);
      return Promise.resolve({ ok: true, value: report === 'content/pages' ? PAGES : ANSWER(report, []) });
    },
  };
  return mounted.mount(
    <ReportsApiContext.Provider value={api}>
      <QuietApis>
        <MemoryRouter initialEntries={[url]}>
          {inArea ? <ReportArea catalogueArea="content" label="Contingut" /> : <ReportView report="content/page-next" title="On van" controls={[CONTROL]} />}
          <LocationProbe />
        </MemoryRouter>
      </QuietApis>
    </ReportsApiContext.Provider>,
  );
}

async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit(form: Element | null) {
  await act(async () => (form as HTMLFormElement).dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
}

describe("a report's page, typed or searched", () => {
  it("offers the period's most viewed pages by title and asks the report for the page typed", async () => {
    const container = await render('/');
    expect([...container.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'))).toEqual(['El Parlament aprova la llei', 'El temps']);
    expect(asked.some((ask) => ask.startsWith('content/pages?') && new URLSearchParams(ask.split('?')[1]).get('limit') === '200')).toBe(true);
    const input = container.querySelector('input[type="search"]') as HTMLInputElement;
    await type(input, 'el parlament aprova la llei');
    await submit(container.querySelector('form.report-params__field'));
    expect(new URLSearchParams(search).get('p.page')).toBe(ARTICLE);
  });

  it("opens the report for the page typed on an area's list of reports, titled by the page", async () => {
    const container = await render('/', true);
    await type(container.querySelector('input[type="search"]') as HTMLInputElement, '/el-temps/');
    await submit(container.querySelector('form.report-params__field'));
    const params = new URLSearchParams(search);
    expect([params.get('informe'), params.get('p.page')]).toEqual(['content/page-next', 'https://www.mesura.cat/el-temps/']);
    // The page shows in its control, not again in the title.
    expect(container.querySelector('h2')?.textContent).toBe('On van');
    expect((container.querySelector('input[type="search"]') as HTMLInputElement).value).toBe('El temps');
  });

  it('says so when nothing is called what was typed, and changes nothing', async () => {
    const container = await render('/');
    await type(container.querySelector('input[type="search"]') as HTMLInputElement, 'una pàgina que no hi és');
    await submit(container.querySelector('form.report-params__field'));
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Cap pàgina del període no té aquest títol, camí o adreça.');
    expect(new URLSearchParams(search).get('p.page')).toBeNull();
  });
});
