// @vitest-environment happy-dom
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { FunnelDefinition, GoalDefinition, ReportAnswer } from '@mesura/protocol';
import type { Outcome } from '../src/api/api-answer';
import EmbutsArea from '../src/areas/embuts/embuts-area';
import type { FunnelsApi } from '../src/areas/embuts/funnels-api';
import { FunnelsApiContext } from '../src/areas/embuts/funnels-api-context';
import type { GoalsApi } from '../src/areas/objectius/goals-api';
import { GoalsApiContext } from '../src/areas/objectius/goals-api-context';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import type { Me } from '../src/session/me';
import { SessionContext } from '../src/session/session-context';
import { button, click, refused, tableRows, type } from './helpers/experiments-harness';
import { mountedRoot } from '@mesura/test-utils/react';

// The funnel's page draws its steps on a canvas, which happy-dom lacks.
vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const EDITOR: Me = { id: 'u-marta', email: 'marta@example.cat', role: 'editor', mustChangePassword: false };
const ANALYST: Me = { ...EDITOR, id: 'u-pau', email: 'pau@example.cat', role: 'analyst' };
const ok = <T,>(value: T): Promise<Outcome<T>> => Promise.resolve({ ok: true, value });

const POLL_GOAL: GoalDefinition = { id: 'participacio', name: 'Participació', type: 'call', call: '15' };
const HOME = 'https://www.mesura.cat/';
const READ_AND_VOTE: FunnelDefinition = {
  id: 'llegir-i-votar',
  name: 'Llegir i votar',
  scope: 'visit',
  steps: [
    { type: 'page', name: 'Portada', match: 'exact', url: HOME },
    { type: 'goal', name: 'Participació', goal: 'participacio' },
  ],
};

function answer(report: string, rows: [key: string, label: string][]): ReportAnswer {
  return {
    report,
    title: report,
    from: '2026-11-19',
    to: '2026-11-25',
    filters: [],
    dimension: { key: 'key', label: 'Clau' },
    metrics: [{ key: 'visitors', label: 'Visitants', format: 'count' }],
    chart: 'bar',
    rows: rows.map(([key, label]) => ({ key, label, values: { visitors: 3 } })),
    totalRows: rows.length,
    offset: 0,
    limit: 100,
    totals: { values: { visitors: 3 } },
    minCohort: 5,
  };
}

const ROWS: Readonly<Record<string, [string, string][]>> = {
  'engagement/calls': [['15', 'event15 · Participació (scParticipar)']],
  'content/pages': [[HOME, 'Portada']],
  'content/programmes': [['prog-1', 'El Matí']],
};

function fakes(funnels: FunnelDefinition[] = [READ_AND_VOTE]) {
  const stored = new Map(funnels.map((f) => [f.id, f]));
  const funnelsApi = {
    list: vi.fn(() => ok([...stored.values()])),
    save: vi.fn((funnel: FunnelDefinition) => (stored.set(funnel.id, funnel), ok(funnel))),
    remove: vi.fn((id: string) => (stored.delete(id), ok(undefined))),
  } satisfies FunnelsApi;
  const goalsApi = { list: vi.fn(() => ok([POLL_GOAL])), save: vi.fn(), remove: vi.fn() } satisfies GoalsApi;
  const reportsApi = {
    catalogue: vi.fn(() => ok([])),
    report: vi.fn((report: string, _query: string) => ok(answer(report, ROWS[report] ?? [['1', '1. Portada']]))),
  } satisfies ReportsApi;
  return { funnelsApi, goalsApi, reportsApi };
}

let shownPath = '';
function PathProbe() {
  shownPath = useLocation().pathname;
  return null;
}

const mounted = mountedRoot();

async function open(path: string, me: Me = EDITOR, api = fakes()) {
  const container = await mounted.mount(
    <SessionContext.Provider value={{ me, refresh: async () => undefined }}>
      <ReportsApiContext.Provider value={api.reportsApi}>
        <GoalsApiContext.Provider value={api.goalsApi}>
          <FunnelsApiContext.Provider value={api.funnelsApi}>
            <MemoryRouter initialEntries={[path]}>
              <PathProbe />
              <Routes>
                <Route path="/embuts/*" element={<EmbutsArea />} />
              </Routes>
            </MemoryRouter>
          </FunnelsApiContext.Provider>
        </GoalsApiContext.Provider>
      </ReportsApiContext.Provider>
    </SessionContext.Provider>,
  );
  const byId = <T extends HTMLElement>(id: string) => container.querySelector<T>(`#${CSS.escape(id)}`)!;
  return { ...api, container, byId };
}

describe('the funnel editor', () => {
  it('builds a funnel of a page, a call and a goal within some days, choosing values the console knows', async () => {
    const { funnelsApi, container, byId } = await open('/embuts/nou');
    await type(byId('funnel-name'), 'De la portada a votar');
    expect(byId<HTMLInputElement>('funnel-id').value).toBe('de-la-portada-a-votar');
    await type(byId('funnel-scope'), 'days');
    await type(byId('funnel-days'), '3');
    expect([...byId<HTMLDataListElement>('funnel-step-1-pages').options].map((o) => o.value)).toEqual([HOME]);
    await type(byId('funnel-step-1-url'), HOME);
    // The step is named after the page chosen, until a name is typed.
    expect(byId<HTMLInputElement>('funnel-step-1-name').value).toBe('Portada');
    await type(byId('funnel-step-2-type'), 'call');
    expect([...byId<HTMLSelectElement>('funnel-step-2-call').options].map((o) => o.textContent)).toEqual(['Trieu una crida…', 'event15 · Participació (scParticipar)']);
    await type(byId('funnel-step-2-call'), '15');
    await click(button(container, 'Afegeix un pas'));
    await type(byId('funnel-step-3-type'), 'goal');
    expect([...byId<HTMLSelectElement>('funnel-step-3-goal').options].map((o) => o.textContent)).toEqual(['Trieu un objectiu…', 'Participació']);
    await type(byId('funnel-step-3-goal'), 'participacio');
    await type(byId('funnel-step-3-name'), 'Objectiu assolit');
    await click(button(container, "Desa l'embut"));
    expect(funnelsApi.save).toHaveBeenCalledWith({
      id: 'de-la-portada-a-votar',
      name: 'De la portada a votar',
      scope: 'days',
      days: 3,
      steps: [
        { type: 'page', name: 'Portada', match: 'exact', url: HOME },
        { type: 'call', name: 'event15 · Participació (scParticipar)', call: '15' },
        { type: 'goal', name: 'Objectiu assolit', goal: 'participacio' },
      ],
    });
    expect(shownPath).toBe('/embuts');
  });

  it('says in Catalan what is missing, and shows the server refusal, saving nothing it did not accept', async () => {
    const { container, byId, funnelsApi } = await open('/embuts/nou');
    await type(byId('funnel-name'), 'Incomplet');
    await click(button(container, "Desa l'embut"));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Doneu un nom al pas 1.');
    expect(funnelsApi.save).not.toHaveBeenCalled();
    await type(byId('funnel-step-1-url'), HOME);
    await type(byId('funnel-step-2-url'), '*/noticies/*');
    await type(byId('funnel-step-2-name'), 'Notícia');
    funnelsApi.save.mockImplementationOnce(() => refused('a site keeps at most 200 funnels', 400, 'MESURA_ERR_BAD_FUNNEL'));
    await click(button(container, "Desa l'embut"));
    expect(container.querySelector('[role="alert"]')?.textContent).toContain("No s'ha pogut desar l'embut.");
    expect(shownPath).toBe('/embuts/nou');
  });

  it('edits a funnel keeping its id, and deletes one after a confirmation', async () => {
    const edit = await open('/embuts/llegir-i-votar/edita');
    expect(edit.byId<HTMLInputElement>('funnel-id').readOnly).toBe(true);
    expect(edit.byId<HTMLSelectElement>('funnel-step-2-goal').value).toBe('participacio');
    // Two steps are the fewest: a step can be taken out only once there is a third.
    expect(edit.container.textContent).not.toContain('Treu el pas');
    await click(button(edit.container, 'Afegeix un pas'));
    await click(button(edit.container, 'Treu el pas 2'));
    expect(edit.container.textContent).not.toContain('Treu el pas');
    await type(edit.byId('funnel-step-2-type'), 'media');
    await type(edit.byId('funnel-step-2-programme'), 'prog-1');
    await type(edit.byId('funnel-step-2-name'), 'El Matí');
    await click(button(edit.container, "Desa l'embut"));
    expect(edit.funnelsApi.save).toHaveBeenCalledWith({ ...READ_AND_VOTE, steps: [READ_AND_VOTE.steps[0], { type: 'media', name: 'El Matí', programme: 'prog-1' }] });
    mounted.unmount();

    const list = await open('/embuts');
    expect(tableRows(list.container)).toEqual([['Llegir i votar', 'Portada → Participació', 'En una mateixa visita', 'EditaEsborra']]);
    await click(button(list.container, 'Esborra'));
    expect(list.funnelsApi.remove).not.toHaveBeenCalled();
    await click(button(list.container, "Confirma l'esborrat"));
    expect(list.funnelsApi.remove).toHaveBeenCalledWith('llegir-i-votar');
    expect(list.container.textContent).toContain('Encara no hi ha cap embut.');
  });

  it('ends a funnel with a media completion on demand, chosen, not typed', async () => {
    const edit = await open('/embuts/llegir-i-votar/edita');
    await type(edit.byId('funnel-step-2-type'), 'media');
    expect([...edit.byId<HTMLSelectElement>('funnel-step-2-moment').options].map((o) => o.textContent)).toEqual(['Inici', 'Final (vist sencer)']);
    await type(edit.byId('funnel-step-2-moment'), 'complete');
    await type(edit.byId('funnel-step-2-stream'), 'on-demand');
    await type(edit.byId('funnel-step-2-name'), 'Vist sencer');
    await click(button(edit.container, "Desa l'embut"));
    expect(edit.funnelsApi.save).toHaveBeenCalledWith({ ...READ_AND_VOTE, steps: [READ_AND_VOTE.steps[0], { type: 'media', name: 'Vist sencer', moment: 'complete', stream: 'on-demand' }] });
  });

  it('shows an analyst the funnels and their report but no way to change them', async () => {
    const list = await open('/embuts', ANALYST);
    expect(list.container.textContent).not.toContain('Nou embut');
    expect(tableRows(list.container)).toEqual([['Llegir i votar', 'Portada → Participació', 'En una mateixa visita']]);
    mounted.unmount();
    await open('/embuts/nou', ANALYST);
    expect(shownPath).toBe('/embuts');
    mounted.unmount();

    const report = await open('/embuts/llegir-i-votar?des=2026-11-19&fins=2026-11-25&informe=funnels%2Flost&p.step=2&p.funnel=llegir-i-votar', ANALYST);
    const asked = report.reportsApi.report.mock.calls
      .filter(([name]) => name.startsWith('funnels/'))
      .map(([name, query]) => [name, new URLSearchParams(query).get('funnel'), new URLSearchParams(query).get('step'), new URLSearchParams(query).get('from')]);
    expect(asked).toEqual([
      ['funnels/steps', 'llegir-i-votar', null, '2026-11-19'],
      ['funnels/lost', 'llegir-i-votar', '2', '2026-11-19'],
    ]);
  });
});
