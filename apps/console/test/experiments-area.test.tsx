// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeSummary } from '../src/areas/experiments/activity-history';
import { SessionContext } from '../src/session/session-context';
import { AreaRoute } from '../src/shell/area-route';
import { CONSOLE_AREAS } from '../src/shell/areas';
import { visibleAreas } from '../src/shell/visible-areas';
import { EDITOR, button, click, fakeExperimentsApi, headlineTest, RESULTS, refused, renderExperiments, tableRows } from './helpers/experiments-harness';
import { mountedRoot } from '@mesura/test-utils/react';

vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const mounted = mountedRoot();
afterEach(() => {
  vi.unstubAllGlobals();
});

async function open(path: string, api = fakeExperimentsApi()) {
  const { container } = await renderExperiments(mounted.mount, path, api);
  return { api, container, text: () => container.textContent ?? '' };
}

const PAUSED = headlineTest({
  id: 'portada-vermella',
  name: 'Portada vermella',
  status: 'paused',
  trusted: undefined,
  trustedBy: undefined,
  trustedAt: undefined,
  audience: undefined,
  goal: { type: 'siteGoal', goal: 'gracies' },
});
const ACTIVE = headlineTest({ id: 'boto-directe', name: 'Botó del directe', status: 'active', type: 'xt', goal: { type: 'pageView', path: '/directe/' } });

describe('the list of activities', () => {
  it('lists every activity with its type, state, pages, goal and trust mark, and filters by state', async () => {
    const { container } = await open('/experiments/', fakeExperimentsApi([headlineTest(), PAUSED, ACTIVE]));
    expect(tableRows(container)).toEqual([
      ['Titular de la notícia', 'Prova A/B', 'Esborrany', '/noticia/1001/… · Tota la pàgina', 'Clic a .share-button', '✓ Sí'],
      ['Portada vermella', 'Prova A/B', 'En pausa', 'Totes les pàgines · Tota la pàgina', 'Objectiu del web «Pàgina de gràcies»', 'No'],
      ['Botó del directe', 'Segmentació', 'Actiu', '/noticia/1001/… · Tota la pàgina', 'Visita de /directe/', '✓ Sí'],
    ]);
    expect(container.querySelector('tbody a')?.getAttribute('href')).toBe('/experiments/titular-noticia/');
    expect(container.querySelector('a.button')?.textContent).toBe('Nou experiment');

    await click(button(container, 'En pausa (1)'));
    expect(tableRows(container).map((row) => row[0])).toEqual(['Portada vermella']);
    expect(button(container, 'En pausa (1)').getAttribute('aria-pressed')).toBe('true');
    await click(button(container, 'Arxivat (0)'));
    expect(container.textContent).toContain('No hi ha cap activitat en estat «Arxivat».');
  });

  it('shows a failed read with the reason and tries again', async () => {
    const api = fakeExperimentsApi();
    api.listActivities.mockImplementationOnce(() => Promise.resolve({ ok: false, failure: { reason: 'server-error', status: 503 } }));
    const { container } = await open('/experiments/', api);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('El servidor ha fallat (error 503).');
    await click(button(container, 'Torna-ho a provar'));
    expect(tableRows(container)).toHaveLength(1);
  });
});

describe("an activity's results", () => {
  // Catalan percentages keep the sign with its number: a no-break space before "%".
  const percents = (cells: string[]) => cells.map((cell) => cell.replaceAll(' %', '\u00a0%'));

  it("formats each experience's figures in Catalan, the control marked", async () => {
    const { container } = await open('/experiments/titular-noticia/');
    const table = container.querySelector('section[aria-labelledby="results-heading"] table')!;
    expect(tableRows(table)).toEqual([percents(['Control (control)', 'Sense oferta', '1.200', '60', '5,00 %']), percents(['Nou titular', 'Previsualitza', '1.234', '80', '6,48 %'])]);
    expect(table.querySelector('tfoot')?.textContent).toBe('Total2.434140');
    expect(container.querySelector('.srm-warning')).toBeNull();
  });

  it('compares each variant with the control beside the fixed-horizon figures: always valid, and adjusted with the pre-period (CUPED)', async () => {
    const { container } = await open('/experiments/titular-noticia/');
    const table = container.querySelector('table.comparison-table')!;
    expect(table.querySelector('caption')?.textContent).toBe('Comparació amb el control');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Lectura', 'Diferència amb el control', 'Millora', 'Valor p', 'Probabilitat de superar el control']);
    expect(table.querySelector('.comparison-table__variant')?.textContent).toBe('Nou titular');
    // Each interval sits under its estimate (a block of its own): the cell reads estimate then interval.
    expect(tableRows(table).slice(1)).toEqual([
      percents(['Horitzó fix (IC 95 %)Vàlid llegit una sola vegada, al final', '+1,48 pp[-0,35 pp; +3,31 pp]', '+29,6 %[-7,0 %; +66,2 %]', '0,114', '94,3 %']),
      percents(['Interval sempre vàlidEs pot consultar cada dia', '+1,48 pp[-1,31 pp; +4,27 pp]', '+29,6 %[-26,2 %; +85,4 %]', '0,620', '—']),
      percents(["Ajustat amb el període previ (CUPED)Pàgines vistes dels 14 dies abans d'entrar-hi · variància −38 %", '+1,21 pp[-0,24 pp; +2,66 pp]', '+24,2 %[-4,8 %; +53,2 %]', '0,102', '—']),
      percents(['Ajustat, interval sempre vàlidEs pot consultar cada dia · variància −38 %', '+1,21 pp[-0,97 pp; +3,39 pp]', '+24,2 %[-19,4 %; +67,8 %]', '0,550', '—']),
    ]);
    expect(container.querySelector('section[aria-labelledby="results-heading"]')?.textContent).toContain('es poden consultar cada dia');
  });

  it('shows no adjusted rows when the server had no pre-period', async () => {
    const api = fakeExperimentsApi();
    const variant = RESULTS.experiences[1]!;
    const { cuped: _cuped, ...unadjusted } = variant.versusControl!;
    api.results.mockImplementationOnce(() => Promise.resolve({ ok: true, value: { ...RESULTS, cuped: null, experiences: [RESULTS.experiences[0]!, { ...variant, versusControl: unadjusted }] } }));
    const { container } = await open('/experiments/titular-noticia/', api);
    const table = container.querySelector('table.comparison-table')!;
    expect(
      tableRows(table)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(percents(['Horitzó fix (IC 95 %)Vàlid llegit una sola vegada, al final', 'Interval sempre vàlidEs pot consultar cada dia']));
  });

  it("puts each experience's preview right after its name, in view without scrolling the wide table sideways", async () => {
    const { container } = await open('/experiments/titular-noticia/');
    const table = container.querySelector('section[aria-labelledby="results-heading"] table')!;
    const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headings.slice(0, 3)).toEqual(['Experiència', 'Previsualització', 'Visitants']);
    const previewRow = table.querySelectorAll('tbody tr')[1]!;
    expect(previewRow.children[1]!.querySelector('button')?.getAttribute('aria-label')).toBe('Previsualitza Nou titular');
    // The totals row keeps its figures under their headings.
    expect([...table.querySelectorAll('tfoot th, tfoot td')].map((cell) => cell.textContent).slice(0, 4)).toEqual(['Total', '', '2.434', '140']);
  });

  it('shows hidden experiences as "< {the cohort in force}", says nothing can be compared yet and warns of a sample-ratio mismatch', async () => {
    const api = fakeExperimentsApi();
    api.results.mockImplementation(() =>
      Promise.resolve({
        ok: true,
        value: {
          ...RESULTS,
          experiences: [RESULTS.experiences[0]!, { ...RESULTS.experiences[1]!, visitors: null, conversions: null, conversionRate: null, hidden: true, versusControl: undefined }],
          sampleRatio: { chiSquare: 14.2, degreesOfFreedom: 1, pValue: 0.00016, mismatch: true },
          minCohort: 3,
        },
      }),
    );
    const { container } = await open('/experiments/titular-noticia/', api);
    const table = container.querySelector('section[aria-labelledby="results-heading"]')!;
    expect(tableRows(table.querySelector('table')!)[1]!.slice(2)).toEqual(['< 3', '< 3', '< 3']);
    expect(table.querySelector('table.comparison-table')).toBeNull();
    expect(table.textContent).toContain('Encara no hi ha cap variant amb prou visitants per comparar-la amb el control.');
    const warning = container.querySelector('.srm-warning')!;
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain("el repartiment dels visitants no segueix les quotes de l'experiment");
    expect(warning.textContent).toContain('valor p < 0,001');
  });

  it('asks for the over-time figures of the period in the URL, and draws one line per experience', async () => {
    const { api, container } = await open('/experiments/titular-noticia/?des=2026-11-01&fins=2026-11-07');
    expect(api.overTime).toHaveBeenCalledWith('titular-noticia', { from: '2026-11-01', to: '2026-11-07' }, expect.anything());
    expect([...container.querySelectorAll('.chart-legend li')].map((li) => li.textContent)).toEqual(['Control (control)', 'Nou titular']);
    expect(container.querySelector('figure[role="img"]')?.getAttribute('aria-label')).toContain('1–7 de novembre del 2026');
  });

  it('previews an experience on a page of the site chosen under its audience prefix (a prefix is no page), in a new window', async () => {
    const opened = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const openWindow = vi.fn(() => opened);
    vi.stubGlobal('open', openWindow);
    const { api, container } = await open('/experiments/titular-noticia/');
    await click(button(container, 'Previsualitza Nou titular'));
    expect(openWindow).toHaveBeenCalledWith('about:blank', '_blank');
    expect(api.preview).toHaveBeenCalledWith('titular-noticia', 'nou-titular', '/noticia/1001/pluja-a-barcelona/');
    expect(opened.location.href).toBe('/noticia/1001/pluja-a-barcelona/?mesura_preview=titular-noticia.nou-titular');
    expect(opened.opener).toBeNull();
    expect(container.querySelector('a[target="_blank"]')?.getAttribute('href')).toBe('/noticia/1001/pluja-a-barcelona/?mesura_preview=titular-noticia.nou-titular');
    const picker = container.querySelector<HTMLSelectElement>('.preview-page-picker select')!;
    expect([...picker.options].map((o) => o.value)).toEqual(['/noticia/1001/pluja-a-barcelona/']);
  });

  it('shows a missing activity as such', async () => {
    const { container } = await open('/experiments/no-existeix/');
    expect(container.querySelector('[role="alert"]')?.textContent).toContain("No hi ha cap activitat amb l'identificador «no-existeix».");
  });
});

describe("an activity's state", () => {
  it('starts a draft with a PUT of the whole definition, trust fields stripped, and then offers a pause', async () => {
    const { api, container } = await open('/experiments/titular-noticia/');
    expect([...container.querySelectorAll('.experiment-status button')].map((b) => b.textContent)).toEqual(['Inicia', 'Arxiva']);
    await click(button(container, 'Inicia'));
    const { trusted: _t, trustedBy: _b, trustedAt: _a, ...definition } = headlineTest();
    expect(api.saveActivity).toHaveBeenCalledWith({ ...definition, status: 'active' });
    expect(api.saveActivity.mock.calls[0]![0]).not.toHaveProperty('trusted');
    expect(container.querySelector('[role="status"].form-done')?.textContent).toBe("L'activitat és activa: els visitants ja la veuen.");
    expect([...container.querySelectorAll('.experiment-status button')].map((b) => b.textContent)).toEqual(['Posa en pausa', 'Arxiva']);

    await click(button(container, 'Posa en pausa'));
    expect(api.saveActivity).toHaveBeenLastCalledWith({ ...definition, status: 'paused' });
    await click(button(container, 'Reprèn'));
    expect(api.saveActivity).toHaveBeenLastCalledWith({ ...definition, status: 'active' });
  });

  it('archives only after a confirmation, which takes focus', async () => {
    const { api, container } = await open('/experiments/titular-noticia/', fakeExperimentsApi([headlineTest({ status: 'active' })]));
    await click(button(container, 'Arxiva'));
    expect(api.saveActivity).not.toHaveBeenCalled();
    const confirm = button(container, 'Sí, arxiva «Titular de la notícia»');
    expect(document.activeElement).toBe(confirm);
    await click(confirm);
    expect(api.saveActivity.mock.calls[0]![0].status).toBe('archived');
    expect(container.querySelectorAll('.experiment-status button')).toHaveLength(0);
    expect(container.querySelector('.experiment-status .status-badge')?.textContent).toBe('Arxivat');
  });

  it("shows the server's refusal of a change, focused", async () => {
    const api = fakeExperimentsApi();
    api.saveActivity.mockImplementationOnce(() => refused('activity titular-noticia: an A/B test needs a share above 0'));
    const { container } = await open('/experiments/titular-noticia/', api);
    await click(button(container, 'Inicia'));
    const alert = container.querySelector('.experiment-status [role="alert"]')!;
    expect(alert.textContent).toBe("No s'ha pogut canviar l'estat. El servidor no ha acceptat la petició: activity titular-noticia: an A/B test needs a share above 0.");
    expect(document.activeElement).toBe(alert);
  });
});

describe("an activity's history", () => {
  it('says when, who and what changed, newest first', async () => {
    const created = headlineTest({ trusted: undefined, trustedBy: undefined, trustedAt: undefined });
    const renamed = { ...created, name: 'Titular nou' };
    const started = { ...renamed, status: 'active', experiences: [renamed.experiences[0], { ...renamed.experiences[1], share: 80 }] };
    const api = fakeExperimentsApi(
      [headlineTest()],
      [
        { at: '2026-11-24T09:30:00.000Z', by: 'marta@example.cat', before: renamed, after: started },
        { at: '2026-11-23T08:00:00.000Z', by: 'anna@example.cat', before: created, after: renamed },
        { at: '2026-11-20T07:00:00.000Z', by: 'system', before: null, after: created },
      ],
    );
    const { container } = await open('/experiments/titular-noticia/', api);
    const rows = tableRows(container.querySelector('section[aria-labelledby="history-heading"]')!);
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['marta@example.cat', 'estat: Esborrany → Actiu; experiències'],
      ['anna@example.cat', 'nom: «Titular de la notícia» → «Titular nou»'],
      ['sistema', 'creació'],
    ]);
    expect(rows[0]![0]).toMatch(/24 .*nov.* 2026/);
  });
});

describe('a change summary', () => {
  it('names only the fields whose values differ, whatever the order of their keys', () => {
    const before = { id: 'x', name: 'X', status: 'paused', goal: { type: 'click', selector: 'a' } };
    const after = { goal: { selector: 'a', type: 'click' }, status: 'active', name: 'X', id: 'x' };
    expect(changeSummary({ at: '2026-11-24T09:30:00.000Z', by: 'system', before, after })).toBe('estat: En pausa → Actiu');
    expect(changeSummary({ at: '2026-11-24T09:30:00.000Z', by: 'system', before: after, after })).toBe('cap canvi');
  });
});

describe('who gets the area', () => {
  const area = CONSOLE_AREAS.find((a) => a.path === 'experiments')!;

  it('is listed for editors and admins, before Administració, not for analysts', () => {
    expect(area).toMatchObject({ label: 'Experiments', minRole: 'editor' });
    expect(visibleAreas(CONSOLE_AREAS, 'analyst').map((a) => a.path)).not.toContain('experiments');
    expect(
      visibleAreas(CONSOLE_AREAS, 'editor')
        .map((a) => a.path)
        .at(-1),
    ).toBe('experiments');
    expect(
      visibleAreas(CONSOLE_AREAS, 'admin')
        .map((a) => a.path)
        .slice(-2),
    ).toEqual(['experiments', 'administracio']);
  });

  it('refuses an analyst at the route, loading nothing', async () => {
    const container = await mounted.mount(
      <SessionContext.Provider value={{ me: { ...EDITOR, role: 'analyst' }, refresh: async () => undefined }}>
        <MemoryRouter initialEntries={['/experiments/']}>
          <AreaRoute area={area} />
        </MemoryRouter>
      </SessionContext.Provider>,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Experiments');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('El vostre rol no té accés a aquesta secció.');
  });
});
