// @vitest-environment happy-dom
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { GoalDefinition, ReportAnswer } from '@mesura/protocol';
import type { Outcome } from '../src/api/api-answer';
import type { GoalsApi } from '../src/areas/objectius/goals-api';
import { GoalsApiContext } from '../src/areas/objectius/goals-api-context';
import ObjectiusArea from '../src/areas/objectius/objectius-area';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import type { Me } from '../src/session/me';
import { SessionContext } from '../src/session/session-context';
import { button, click, refused, tableRows, type } from './helpers/experiments-harness';
import { mountedRoot } from '@mesura/test-utils/react';

// The goal's page draws its conversions per day on a canvas, which happy-dom lacks.
vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const EDITOR: Me = { id: 'u-marta', email: 'marta@example.cat', role: 'editor', mustChangePassword: false };
const ANALYST: Me = { ...EDITOR, id: 'u-pau', email: 'pau@example.cat', role: 'analyst' };
const ok = <T,>(value: T): Promise<Outcome<T>> => Promise.resolve({ ok: true, value });

const POLL: GoalDefinition = { id: 'participacio', name: 'Participació', type: 'call', call: '15' };

/** A report whose rows are these keys and labels: the direct calls, pages and programmes offered to choose from. */
function answer(report: string, rows: [key: string, label: string][]): ReportAnswer {
  return {
    report,
    title: report,
    from: '2026-11-19',
    to: '2026-11-25',
    filters: [],
    dimension: { key: 'key', label: 'Clau' },
    metrics: [{ key: 'visits', label: 'Visites', format: 'count' }],
    chart: report === 'goals/by-day' ? 'line' : 'bar',
    rows: rows.map(([key, label]) => ({ key, label, values: { visits: 3 } })),
    totalRows: rows.length,
    offset: 0,
    limit: 100,
    totals: { values: { visits: 3 } },
    minCohort: 5,
  };
}

const ROWS: Readonly<Record<string, [string, string][]>> = {
  'engagement/calls': [
    ['15', 'event15 · Participació (scParticipar)'],
    ['enllaç: Desa per més tard', 'enllaç: Desa per més tard'],
  ],
  'content/pages': [['https://www.mesura.cat/programes/', 'Programes']],
  'content/programmes': [['prog-1', 'El Matí']],
  'media/plays-by-channel': [['tv3', 'TV3']],
};

function fakes(goals: GoalDefinition[] = [POLL]) {
  const stored = new Map(goals.map((g) => [g.id, g]));
  const goalsApi = {
    list: vi.fn(() => ok([...stored.values()])),
    save: vi.fn((goal: GoalDefinition) => (stored.set(goal.id, goal), ok(goal))),
    remove: vi.fn((id: string) => (stored.delete(id), ok(undefined))),
  } satisfies GoalsApi;
  const reportsApi = {
    catalogue: vi.fn(() => ok([])),
    report: vi.fn((report: string, _query: string) => ok(answer(report, ROWS[report] ?? [['2026-11-23', '23 de novembre']]))),
  } satisfies ReportsApi;
  return { goalsApi, reportsApi };
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
          <MemoryRouter initialEntries={[path]}>
            <PathProbe />
            <Routes>
              <Route path="/objectius/*" element={<ObjectiusArea />} />
            </Routes>
          </MemoryRouter>
        </GoalsApiContext.Provider>
      </ReportsApiContext.Provider>
    </SessionContext.Provider>,
  );
  const byId = <T extends HTMLElement>(id: string) => container.querySelector<T>(`#${CSS.escape(id)}`)!;
  return { ...api, container, byId };
}

describe('the goal editor', () => {
  it('builds a direct-call goal from a call chosen among those the period saw, its id made from its name', async () => {
    const { goalsApi, container, byId } = await open('/objectius/nou');
    await type(byId('goal-name'), 'Vots a les enquestes');
    expect(byId<HTMLInputElement>('goal-id').value).toBe('vots-a-les-enquestes');
    await type(byId('goal-type'), 'call');
    const calls = [...byId<HTMLSelectElement>('goal-call').options].map((o) => o.textContent);
    expect(calls).toEqual(['Trieu una crida…', 'event15 · Participació (scParticipar)', 'enllaç: Desa per més tard']);
    await type(byId('goal-call'), '15');
    await click(button(container, "Desa l'objectiu"));
    expect(goalsApi.save).toHaveBeenCalledWith({ id: 'vots-a-les-enquestes', name: 'Vots a les enquestes', type: 'call', call: '15' });
    expect(shownPath).toBe('/objectius');
  });

  it('builds a page pattern goal and a media goal of one programme, choosing among the values the console knows', async () => {
    const page = await open('/objectius/nou');
    await type(page.byId('goal-name'), 'Programes');
    await type(page.byId('goal-match'), 'pattern');
    expect([...page.byId<HTMLDataListElement>('goal-url-pages').options].map((o) => o.value)).toEqual(['https://www.mesura.cat/programes/']);
    await type(page.byId('goal-url'), '*/programes/*');
    await click(button(page.container, "Desa l'objectiu"));
    expect(page.goalsApi.save).toHaveBeenCalledWith({ id: 'programes', name: 'Programes', type: 'page', match: 'pattern', url: '*/programes/*' });
    mounted.unmount();

    const media = await open('/objectius/nou');
    await type(media.byId('goal-name'), 'El Matí en vídeo');
    await type(media.byId('goal-type'), 'media');
    expect([...media.byId<HTMLSelectElement>('goal-programme').options].map((o) => o.textContent)).toEqual(['Qualsevol programa', 'El Matí']);
    await type(media.byId('goal-programme'), 'prog-1');
    await click(button(media.container, "Desa l'objectiu"));
    expect(media.goalsApi.save).toHaveBeenCalledWith({ id: 'el-mati-en-video', name: 'El Matí en vídeo', type: 'media', programme: 'prog-1' });
  });

  it('builds a media goal of a live start and one of an on-demand completion, chosen, and says each in words', async () => {
    const live = await open('/objectius/nou');
    await type(live.byId('goal-name'), 'Directe');
    await type(live.byId('goal-type'), 'media');
    expect([...live.byId<HTMLSelectElement>('goal-moment').options].map((o) => o.textContent)).toEqual(['Inici', 'Final (vist sencer)']);
    expect([...live.byId<HTMLSelectElement>('goal-stream').options].map((o) => o.textContent)).toEqual(['Qualsevol', 'En directe', 'A la carta']);
    await type(live.byId('goal-stream'), 'live');
    await click(button(live.container, "Desa l'objectiu"));
    expect(live.goalsApi.save).toHaveBeenCalledWith({ id: 'directe', name: 'Directe', type: 'media', stream: 'live' });
    mounted.unmount();

    const completed: GoalDefinition = { id: 'el-mati-sencer', name: 'El Matí sencer', type: 'media', programme: 'prog-1', moment: 'complete', stream: 'on-demand' };
    const edit = await open('/objectius/el-mati-sencer/edita', EDITOR, fakes([completed]));
    expect([edit.byId<HTMLSelectElement>('goal-moment').value, edit.byId<HTMLSelectElement>('goal-stream').value]).toEqual(['complete', 'on-demand']);
    await type(edit.byId('goal-moment'), 'start');
    await click(button(edit.container, "Desa l'objectiu"));
    expect(edit.goalsApi.save).toHaveBeenCalledWith({ id: 'el-mati-sencer', name: 'El Matí sencer', type: 'media', programme: 'prog-1', stream: 'on-demand' });
    mounted.unmount();

    const list = await open('/objectius', EDITOR, fakes([completed]));
    expect(tableRows(list.container)[0]?.[2]).toBe('Acaba un vídeo o àudio a la carta (programa prog-1)');
  });

  it('says in Catalan what is missing, and shows the server refusal, saving nothing it did not accept', async () => {
    const api = fakes();
    const { container, byId, goalsApi } = await open('/objectius/nou', EDITOR, api);
    await type(byId('goal-name'), 'Una pàgina');
    await click(button(container, "Desa l'objectiu"));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe("Indiqueu l'adreça de la pàgina.");
    expect(goalsApi.save).not.toHaveBeenCalled();
    goalsApi.save.mockImplementationOnce(() => refused('a site keeps at most 200 goals', 400, 'MESURA_ERR_BAD_GOAL'));
    await type(byId('goal-url'), 'https://www.mesura.cat/');
    await click(button(container, "Desa l'objectiu"));
    expect(container.querySelector('[role="alert"]')?.textContent).toContain("No s'ha pogut desar l'objectiu.");
    expect(shownPath).toBe('/objectius/nou');
  });

  it('edits a goal keeping its id, and deletes one after a confirmation', async () => {
    const edit = await open('/objectius/participacio/edita');
    expect(edit.byId<HTMLInputElement>('goal-id').readOnly).toBe(true);
    expect(edit.byId<HTMLSelectElement>('goal-call').value).toBe('15');
    await type(edit.byId('goal-name'), 'Participació a enquestes');
    await click(button(edit.container, "Desa l'objectiu"));
    expect(edit.goalsApi.save).toHaveBeenCalledWith({ ...POLL, name: 'Participació a enquestes' });
    mounted.unmount();

    const list = await open('/objectius');
    expect(tableRows(list.container)).toEqual([['Participació', 'Crida directa (participar, desar per més tard…)', 'Fa la crida event15 · Participació (scParticipar)', 'EditaEsborra']]);
    await click(button(list.container, 'Esborra'));
    expect(list.goalsApi.remove).not.toHaveBeenCalled();
    await click(button(list.container, "Confirma l'esborrat"));
    expect(list.goalsApi.remove).toHaveBeenCalledWith('participacio');
    expect(list.container.textContent).toContain('Encara no hi ha cap objectiu.');
  });

  it('shows an analyst the goals and their reports but no way to change them', async () => {
    const list = await open('/objectius', ANALYST);
    expect(list.container.textContent).not.toContain('Nou objectiu');
    expect(tableRows(list.container)).toEqual([['Participació', 'Crida directa (participar, desar per més tard…)', 'Fa la crida event15 · Participació (scParticipar)']]);
    mounted.unmount();
    await open('/objectius/nou', ANALYST);
    expect(shownPath).toBe('/objectius');
    mounted.unmount();

    const reports = await open('/objectius/participacio?des=2026-11-19&fins=2026-11-25', ANALYST);
    // The filter bar reads values of its own (content/sections); the goal's reports are the rest.
    const goalCalls = reports.reportsApi.report.mock.calls.filter(([report]) => report.startsWith('goals/'));
    const asked = goalCalls.map(([report, query]) => [report, new URLSearchParams(query).get('goal'), new URLSearchParams(query).get('from')]);
    expect(asked).toEqual(
      ['goals/by-day', 'goals/by-source', 'goals/by-campaign', 'goals/by-device', 'goals/by-country', 'goals/by-entry-page'].map((report) => [report, 'participacio', '2026-11-19']),
    );
    expect([...reports.container.querySelectorAll('h2')].map((h) => h.textContent)).toContain('Conversions per font');
  });
});
