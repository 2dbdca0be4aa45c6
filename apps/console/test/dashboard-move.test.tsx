// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { DashboardPage } from '../src/areas/taulers/dashboard-page';
import { mountedRoot } from '@mesura/test-utils/react';
import { QuietApis } from './helpers/quiet-apis';

const tile = (id: string, title: string) => ({ id, view: '', period: { preset: '7-dies' }, report: 'content/sections', title, address: '/consola/contingut/?informe=content%2Fsections' });
const dashboard = (tiles: ReturnType<typeof tile>[]) => ({ id: 'home', kind: 'home', name: 'El meu tauler', owner: 'a@b.cat', tileCount: tiles.length, mayChange: true, updatedAt: '', tiles });

// The dashboards' calls, recorded: a move's request, and the dashboard the server answers.
const moves = vi.hoisted(() => [] as { tile: string; direction: string }[]);
vi.mock('../src/areas/taulers/dashboards-api', () => ({
  HOME_DASHBOARD_ID: 'home',
  dashboardsApi: {
    dashboard: () => Promise.resolve({ ok: true, value: dashboard([tile('a', 'Seccions'), tile('b', 'Pàgines')]) }),
    move: (_id: string, tileId: string, direction: string) => {
      moves.push({ tile: tileId, direction });
      return Promise.resolve({ ok: true, value: dashboard([tile('b', 'Pàgines'), tile('a', 'Seccions')]) });
    },
  },
}));
vi.mock('../src/areas/avisos/mail-notices-api', () => ({ mailNoticesApi: {} }));

const ANSWER = {
  report: 'content/sections',
  title: 'Seccions',
  from: '2026-11-01',
  to: '2026-11-07',
  filters: [],
  dimension: { key: 'section', label: 'Secció' },
  metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
  chart: 'bar',
  rows: [],
  totalRows: 0,
  totals: { values: { page_views: 0 } },
  offset: 0,
  limit: 25,
  minCohort: 5,
} as unknown as ReportAnswer;
const api: ReportsApi = { catalogue: () => Promise.resolve({ ok: true, value: [] }), report: () => Promise.resolve({ ok: true, value: ANSWER }) };
const mounted = mountedRoot();

describe("a dashboard's tiles moved from the keyboard", () => {
  it('moves a tile with its button, as a keyboard or a screen reader does, and says where it is now', async () => {
    const container = await mounted.mount(
      <QuietApis>
        <ReportsApiContext.Provider value={api}>
          <MemoryRouter initialEntries={['/taulers/home']}>
            <Routes>
              <Route path="/taulers/:id" element={<DashboardPage />} />
            </Routes>
          </MemoryRouter>
        </ReportsApiContext.Provider>
      </QuietApis>,
    );
    await act(async () => undefined);
    const down = container.querySelector<HTMLButtonElement>('button[aria-label="Baixa Seccions"]')!;
    expect(down).not.toBeNull();
    down.focus();
    await act(async () => down.click());
    expect(moves).toEqual([{ tile: 'a', direction: 'down' }]);
    expect(container.querySelector('[role="status"]')!.textContent).toBe("S'ha baixat «Seccions»: ara és a la posició 2 de 2.");
    expect([...container.querySelectorAll('.dashboard-tile h2')].map((heading) => heading.textContent)).toEqual(['Pàgines', 'Seccions']);
  });
});
