// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { DashboardTile } from '../src/areas/taulers/dashboard-tile';
import { PinToDashboard } from '../src/areas/taulers/pin-to-dashboard';
import { mountedRoot } from '@mesura/test-utils/react';
import { QuietApis } from './helpers/quiet-apis';

// The dashboards' calls, recorded: the pin's view is what is checked.
const pinned = vi.hoisted(() => [] as { id: string; view: string }[]);
vi.mock('../src/areas/taulers/dashboards-api', () => ({
  HOME_DASHBOARD_ID: 'home',
  dashboardsApi: {
    list: () => Promise.resolve({ ok: true, value: [{ id: 'home', kind: 'home', name: 'El meu tauler', owner: 'a@b.cat', tileCount: 0, mayChange: true }] }),
    pin: (id: string, view: string) => {
      pinned.push({ id, view });
      return Promise.resolve({ ok: true, value: { id, kind: 'home', name: 'El meu tauler', owner: 'a@b.cat', tileCount: 1, mayChange: true, tiles: [] } });
    },
  },
}));

const SECTIONS: ReportAnswer = {
  report: 'content/sections',
  title: 'Seccions',
  from: '2026-10-27',
  to: '2026-11-25',
  filters: [],
  dimension: { key: 'section', label: 'Secció' },
  metrics: [{ key: 'page_views', label: 'Pàgines vistes', format: 'count' }],
  chart: 'bar',
  rows: [{ key: 'noticies', label: 'Notícies', values: { page_views: 1200 } }],
  totalRows: 1,
  totals: { values: { page_views: 1200 } },
  offset: 0,
  limit: 25,
  minCohort: 5,
};

const mounted = mountedRoot();
let search = '';
function LocationProbe() {
  search = useLocation().search;
  return null;
}

function recordingApi() {
  const queries: URLSearchParams[] = [];
  const api: ReportsApi = {
    catalogue: () => Promise.resolve({ ok: true, value: [] }),
    report: (_report, query) => {
      queries.push(new URLSearchParams(query));
      return Promise.resolve({ ok: true, value: SECTIONS });
    },
  };
  return { api, queries };
}

async function render(element: React.ReactNode, api: ReportsApi, url: string) {
  return mounted.mount(
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

const DAY_MS = 86_400_000;

describe('a dashboard tile', () => {
  it("asks its report over its own period, filters and segment, whatever the page's address says", async () => {
    const { api, queries } = recordingApi();
    const tile = {
      id: 't1',
      view: '/consola/contingut/?informe=content/sections&f=device:mobile&s=lectors',
      period: { preset: '30-dies' },
      report: 'content/sections',
      title: 'Seccions',
      params: {},
      filters: [{ dimension: 'device' as const, value: 'mobile' }],
      segment: 'lectors',
      address: '/consola/contingut/?informe=content%2Fsections&f=device%3Amobile&s=lectors&periode=30-dies',
    };
    const container = await render(<DashboardTile tile={tile} actions={{ first: true, last: true }} />, api, '/taulers/home?periode=avui&f=section:esports');
    const query = queries.at(-1)!;
    expect(query.getAll('f')).toEqual(['device:mobile']);
    expect(query.get('s')).toBe('lectors');
    expect((Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / DAY_MS).toBe(29);
    expect(container.textContent).toContain('Últims 30 dies · Dispositiu: mobile · Segment: lectors');
    expect(container.textContent).toContain('Notícies');
    // The page's own address is not touched.
    expect(search).toBe('?periode=avui&f=section:esports');
  });

  it('offers the buttons that move it only where it can move', async () => {
    const { api } = recordingApi();
    const tile = {
      id: 't1',
      view: '',
      period: { from: '2026-11-01', to: '2026-11-15' },
      report: 'content/sections',
      title: 'Seccions',
      address: '/consola/contingut/?informe=content%2Fsections&des=2026-11-01&fins=2026-11-15',
    };
    const moves: string[] = [];
    const container = await render(<DashboardTile tile={tile} actions={{ first: true, last: false, onMove: (d) => moves.push(d), onRemove: () => moves.push('remove') }} />, api, '/taulers/home');
    const up = container.querySelector<HTMLButtonElement>('button[aria-label="Puja Seccions"]')!;
    const down = container.querySelector<HTMLButtonElement>('button[aria-label="Baixa Seccions"]')!;
    expect(up.disabled).toBe(true);
    await act(async () => down.click());
    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="Treu Seccions del tauler"]')!.click());
    expect(moves).toEqual(['down', 'remove']);
    expect(container.textContent).toContain('2026-11-01 – 2026-11-15');
  });
});

describe('«Fixa al tauler»', () => {
  it('pins the view shown (its period, filters, segment and parameters) to the chosen dashboard', async () => {
    const { api } = recordingApi();
    const container = await render(<PinToDashboard report="content/subsections" params={{ section: 'noticies' }} />, api, '/contingut/?periode=7-dies&f=device:mobile&s=lectors&vista=taula');
    await act(async () => [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Fixa al tauler'))!.click());
    await act(async () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Fixa')!.click());
    expect(pinned).toHaveLength(1);
    expect(pinned[0]!.id).toBe('home');
    const view = new URL(pinned[0]!.view, 'http://x.invalid');
    expect(view.pathname).toBe('/consola/contingut/');
    expect(Object.fromEntries(view.searchParams)).toMatchObject({ informe: 'content/subsections', periode: '7-dies', f: 'device:mobile', s: 'lectors', 'p.section': 'noticies' });
    expect(container.textContent).toContain('Fixat a El meu tauler');
  });
});
