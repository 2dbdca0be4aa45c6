// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportAnswer, ReportCatalogueEntry } from '@mesura/protocol';
import { FILTER_VALUE_SUGGESTIONS } from '../src/report-view/filter-value-sources';
import { ReportArea } from '../src/report-view/report-area';
import type { Outcome } from '../src/api/api-answer';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { REPORT_PAGE_ROWS, ReportView } from '../src/report-view/report-view';
import { mountedRoot } from '@mesura/test-utils/react';
import { QuietApis } from './helpers/quiet-apis';
import { plots } from './helpers/uplot-stand-in';

vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const SECTIONS: ReportAnswer = {
  report: 'content/sections',
  title: 'Seccions',
  from: '2026-11-19',
  to: '2026-11-25',
  compare: { from: '2026-11-12', to: '2026-11-18' },
  filters: [],
  dimension: { key: 'section', label: 'Secció' },
  metrics: [
    { key: 'page_views', label: 'Pàgines vistes', format: 'count' },
    { key: 'visitors', label: 'Visitants', format: 'count', approximate: true },
  ],
  chart: 'bar',
  rows: [
    {
      key: 'noticies',
      label: 'Notícies',
      href: 'https://example.cat/noticies/',
      drill: { report: 'content/subsections', params: { section: 'noticies' } },
      values: { page_views: 1200, visitors: 300 },
      previous: { page_views: 1000, visitors: 400 },
    },
    { key: 'privat', label: 'Privat', values: { page_views: null, visitors: null }, previous: { page_views: null, visitors: null }, hidden: true },
  ],
  totalRows: 40,
  offset: 0,
  limit: 25,
  totals: { values: { page_views: 1500, visitors: 420 }, previous: { page_views: 1100, visitors: 450 } },
  ignoredFilters: ['campaign'],
  minCohort: 5,
  note: 'Una visita acaba després de 30 minuts sense activitat.',
};

const BY_DAY: ReportAnswer = {
  ...SECTIONS,
  report: 'audience/by-day',
  title: 'Audiència per dia',
  dimension: { key: 'day', label: 'Dia' },
  chart: 'line',
  rows: [
    { key: '2026-11-24', label: 'dt. 24 nov.', values: { page_views: 10, visitors: 6 }, previous: { page_views: 8, visitors: 5 } },
    { key: '2026-11-25', label: 'dc. 25 nov.', values: { page_views: 12, visitors: 7 }, previous: { page_views: null, visitors: null }, previousHidden: true },
  ],
  totalRows: 2,
};

/** The calls of report views, not those of the filter form's suggested values. */
const viewCalls = (calls: { report: string; query: URLSearchParams }[]) => calls.filter((call) => call.query.get('limit') !== String(FILTER_VALUE_SUGGESTIONS));

/** A recording fake of the reports API: each call is kept, each answer comes from `answer`. */
function fakeApi(answer: (report: string, query: URLSearchParams) => Outcome<ReportAnswer>, catalogue: ReportCatalogueEntry[] = []) {
  const calls: { report: string; query: URLSearchParams }[] = [];
  const api: ReportsApi = {
    catalogue: () => Promise.resolve({ ok: true, value: catalogue }),
    report: (report, query) => {
      const params = new URLSearchParams(query);
      calls.push({ report, query: params });
      return Promise.resolve(answer(report, params));
    },
  };
  return { api, calls };
}

const mounted = mountedRoot();
let container: HTMLElement;
let search = '';

function LocationProbe() {
  search = useLocation().search;
  return null;
}

afterEach(() => {
  plots.length = 0;
});

async function render(element: React.ReactNode, api: ReportsApi, url = '/?periode=7-dies') {
  container = await mounted.mount(
    <QuietApis>
      <ReportsApiContext.Provider value={api}>
        <MemoryRouter initialEntries={[url]}>
          {element}
          <LocationProbe />
        </MemoryRouter>
      </ReportsApiContext.Provider>
    </QuietApis>,
  );
}

const text = () => container.textContent ?? '';
const cells = (selector: string) => [...container.querySelectorAll(selector)].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

function button(name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === name || candidate.getAttribute('aria-label') === name);
  if (!found) throw new Error(`no button "${name}" in: ${text()}`);
  return found;
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
}

describe('the report view', () => {
  it('shows the table with the previous period and the change, a hidden row as "< 5", "aprox." and the totals', async () => {
    const { api } = fakeApi(() => ({ ok: true, value: SECTIONS }));
    await render(<ReportView report="content/sections" title="Seccions" />, api, '/?vista=taula&compara=1');
    expect(cells('thead tr')[0]).toEqual([
      'Secció',
      'Pàgines vistes',
      'Pàgines vistes, període anterior',
      'Pàgines vistes, canvi',
      'Visitants (aprox.)',
      'Visitants, període anterior',
      'Visitants, canvi',
    ]);
    const [noticies, privat] = cells('tbody tr');
    expect(noticies!.slice(1)).toEqual(['1.200', '1.000', '+20\u00a0%', '300', '400', '-25\u00a0%']);
    expect(privat).toEqual(['Privat', '< 5', '< 5', '< 5', '< 5', '< 5', '< 5']);
    expect(cells('tfoot tr')[0]).toEqual(['Total', '1.500', '1.100', '+36,4\u00a0%', '420', '450', '-6,7\u00a0%']);
    expect(text()).toContain('Una visita acaba després de 30 minuts sense activitat.');
    expect(text()).toContain('Aquest informe no es pot filtrar per: Campanya.');
    expect(container.querySelector('a[href="https://example.cat/noticies/"]')?.getAttribute('aria-label')).toBe('Obre la pàgina Notícies (finestra nova)');
    expect(container.querySelector('section.panel')?.getAttribute('aria-busy')).toBe('false');
  });

  it("names its CSV download with the report's title, as a page or a dashboard of several reports needs", async () => {
    const { api } = fakeApi(() => ({ ok: true, value: SECTIONS }));
    await render(<ReportView report="content/sections" title="Seccions" />, api, '/?vista=taula');
    const download = [...container.querySelectorAll('button')].find((candidate) => candidate.textContent?.startsWith('Descarrega CSV'))!;
    const name = download
      .getAttribute('aria-labelledby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(name.join(' ')).toBe("Descarrega CSV de l'informe Seccions");
  });

  it('shows a failed fetch with the reason and a retry that asks again', async () => {
    let fail = true;
    const { api, calls } = fakeApi(() => (fail ? { ok: false, failure: { reason: 'rejected', status: 400, message: 'from must be a day (YYYY-MM-DD)' } } : { ok: true, value: SECTIONS }));
    await render(<ReportView report="content/sections" title="Seccions" />, api, '/?vista=taula');
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain("No s'ha pogut carregar l'informe.");
    expect(alert?.textContent).toContain('from must be a day (YYYY-MM-DD)');
    expect(container.querySelector('table')).toBeNull();
    fail = false;
    await click(button('Torna-ho a provar'));
    expect(calls).toHaveLength(2);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(cells('tbody tr')).toHaveLength(2);
  });

  it('asks with the range, comparison and filters of the URL, and turns a row of a filter dimension into a filter', async () => {
    const { api, calls } = fakeApi(() => ({ ok: true, value: SECTIONS }));
    await render(<ReportView report="content/sections" title="Seccions" />, api, '/?des=2026-11-01&fins=2026-11-07&compara=1&f=device:mobile&vista=taula');
    expect(calls[0]!.report).toBe('content/sections');
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ from: '2026-11-01', to: '2026-11-07', compare: 'previous', f: 'device:mobile', limit: String(REPORT_PAGE_ROWS) });
    await click(button('Filtra per Secció: Notícies'));
    expect(new URLSearchParams(search).getAll('f')).toEqual(['device:mobile', 'section:noticies']);
    expect(calls.at(-1)!.query.getAll('f')).toEqual(['device:mobile', 'section:noticies']);
    // A hidden row cannot become a filter: it would single out what the minimum cohort hides.
    expect(() => button('Filtra per Secció: Privat')).toThrow();
  });

  it('asks for more rows with "Mostra\'n més"', async () => {
    const { api, calls } = fakeApi(() => ({ ok: true, value: SECTIONS }));
    await render(<ReportView report="content/sections" title="Seccions" />, api, '/?vista=taula');
    await click(button("Mostra'n més (2 de 40)"));
    expect(calls.at(-1)!.query.get('limit')).toBe(String(2 * REPORT_PAGE_ROWS));
  });

  it('starts again from the first page of rows when the period, a filter or the comparison changes after "Mostra\'n més"', async () => {
    // A report the filter form never asks for its values: every call of it is the view's.
    const authors: ReportCatalogueEntry = { report: 'content/authors', area: 'content', title: 'Autors' };
    const { api, calls } = fakeApi(() => ({ ok: true, value: SECTIONS }), [authors]);
    await render(<ReportArea catalogueArea="content" label="Contingut" />, api, '/?vista=taula');
    const limits = () => calls.filter((call) => call.report === authors.report).map((call) => call.query.get('limit'));
    const more = () => click(button("Mostra'n més (2 de 40)"));
    await more();
    expect(limits()).toEqual([String(REPORT_PAGE_ROWS), String(2 * REPORT_PAGE_ROWS)]);
    await click(button('Ahir'));
    await more();
    await click(button('Filtra per Secció: Notícies'));
    await more();
    await click(container.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    // Each change asks for the first page only: never the larger page of the rows before it.
    const [first, larger] = [String(REPORT_PAGE_ROWS), String(2 * REPORT_PAGE_ROWS)];
    expect(limits()).toEqual([first, larger, first, larger, first, larger, first]);
    expect(calls.at(-1)!.query.get('compare')).toBe('previous');
  });

  it('draws a time series whole as a named line chart, the comparison as a second series, with the table for assistive technology', async () => {
    const { api, calls } = fakeApi((_report, query) => ({ ok: true, value: { ...BY_DAY, totalRows: 60, limit: Number(query.get('limit')) } }));
    await render(<ReportView report="audience/by-day" title="Audiència per dia" />, api, '/?compara=1');
    // The first answer had fewer rows than the series: it is asked again for all of them.
    expect(calls.map((call) => call.query.get('limit'))).toEqual([String(REPORT_PAGE_ROWS), '60']);
    // The line chart is a chunk of its own: let it arrive.
    await act(async () => {
      await import('../src/report-view/line-chart');
    });
    const figure = container.querySelector('figure[role="img"]');
    expect(figure?.getAttribute('aria-label')).toBe('Gràfic de pàgines vistes per dia, amb el període anterior. Les xifres són a la taula.');
    const plot = plots.at(-1)!;
    expect(plot.data).toEqual([
      [0, 1],
      [10, 12],
      [8, null],
    ]);
    expect(plot.options.series.map((series) => series.label)).toEqual([undefined, 'Període actual', 'Període anterior']);
    expect(container.querySelector('.visually-hidden table')).not.toBeNull();
  });

  it('draws a ranking as bars, hidden rows as "< 5"', async () => {
    const { api } = fakeApi(() => ({ ok: true, value: SECTIONS }));
    await render(<ReportView report="content/sections" title="Seccions" />, api);
    const bars = [...container.querySelectorAll('.bar-chart__row')].map((row) => [row.querySelector('.row-label__text')?.textContent, row.querySelector('.bar-chart__value')?.textContent]);
    expect(bars).toEqual([
      ['Notícies', '1.200'],
      ['Privat', '< 5'],
    ]);
    expect(plots).toHaveLength(0);
  });
});

describe('a generic report area', () => {
  const CATALOGUE: ReportCatalogueEntry[] = [
    { report: 'audience/by-day', area: 'audience', title: 'Audiència per dia' },
    { report: 'content/sections', area: 'content', title: 'Seccions' },
    { report: 'content/subsections', area: 'content', title: 'Subseccions', params: ['section'] },
  ];

  it("shows its area's reports and opens a row's drill-down in place", async () => {
    const { api, calls } = fakeApi((report) => ({ ok: true, value: { ...SECTIONS, report } }), CATALOGUE);
    await render(<ReportArea catalogueArea="content" label="Contingut" />, api, '/?vista=taula');
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Seccions', 'Subseccions']);
    const shown = viewCalls(calls);
    expect(shown.map((call) => call.report)).toEqual(['content/sections', 'content/subsections']);
    expect(shown[1]!.query.has('section')).toBe(false);
    await click(container.querySelector<HTMLButtonElement>('button[aria-label="Notícies: obre el detall"]')!);
    expect(new URLSearchParams(search).get('informe')).toBe('content/subsections');
    expect(calls.at(-1)!.report).toBe('content/subsections');
    expect(calls.at(-1)!.query.get('section')).toBe('noticies');
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Subseccions: noticies']);
    await click(button('← Tots els informes de Contingut'));
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Seccions', 'Subseccions']);
  });

  it('adds a typed filter and removes it from its chip', async () => {
    const { api, calls } = fakeApi(() => ({ ok: true, value: SECTIONS }), CATALOGUE);
    await render(<ReportArea catalogueArea="content" label="Contingut" />, api, '/?vista=taula');
    const select = container.querySelector('select')!;
    const input = container.querySelector<HTMLInputElement>('form[aria-label="Afegeix un filtre"] input')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, 'device');
      select.dispatchEvent(new Event('change', { bubbles: true }));
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, ' mobile ');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(button('Afegeix el filtre'));
    expect(new URLSearchParams(search).getAll('f')).toEqual(['device:mobile']);
    expect(calls.at(-1)!.query.getAll('f')).toEqual(['device:mobile']);
    await click(button('Treu el filtre Dispositiu: mobile'));
    expect(new URLSearchParams(search).getAll('f')).toEqual([]);
  });

  it("offers the period's values of the chosen dimension, hidden rows left out, and lets a dimension without a source be typed", async () => {
    const { api, calls } = fakeApi((report) => ({ ok: true, value: { ...SECTIONS, report } }), CATALOGUE);
    await render(<ReportArea catalogueArea="content" label="Contingut" />, api, '/?des=2026-11-01&fins=2026-11-07');
    const suggestions = () => [...container.querySelectorAll('datalist option')].map((option) => [option.getAttribute('value'), option.textContent]);
    const asked = () => calls.filter((call) => call.query.get('limit') === String(FILTER_VALUE_SUGGESTIONS));
    expect(asked().map((call) => [call.report, call.query.get('from'), call.query.get('to')])).toEqual([['content/sections', '2026-11-01', '2026-11-07']]);
    expect(suggestions()).toEqual([['noticies', 'Notícies']]);
    const select = container.querySelector('select')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, 'device');
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(asked().at(-1)!.report).toBe('technology/devices');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, 'portal');
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(asked().at(-1)!.report).toBe('content/portals');
  });

  it('switches presets, the comparison and the view through the URL', async () => {
    const { api, calls } = fakeApi(() => ({ ok: true, value: SECTIONS }), CATALOGUE);
    await render(<ReportArea catalogueArea="content" label="Contingut" />, api, '/');
    await click(button('Ahir'));
    expect(new URLSearchParams(search).get('periode')).toBe('ahir');
    expect(button('Ahir').getAttribute('aria-pressed')).toBe('true');
    await click(container.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    expect(calls.at(-1)!.query.get('compare')).toBe('previous');
    await click(button('Taules'));
    expect(new URLSearchParams(search).get('vista')).toBe('taula');
    expect(container.querySelector('.table-scroll table')).not.toBeNull();
  });

  it('says when the catalogue cannot be read, and retries', async () => {
    let fail = true;
    const api: ReportsApi = {
      catalogue: () => Promise.resolve(fail ? { ok: false, failure: { reason: 'network' } } : { ok: true, value: CATALOGUE }),
      report: () => Promise.resolve({ ok: true, value: SECTIONS }),
    };
    await render(<ReportArea catalogueArea="content" label="Contingut" />, api);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain("No s'ha pogut carregar la llista d'informes.");
    fail = false;
    await click(button('Torna-ho a provar'));
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Seccions', 'Subseccions']);
  });
});
