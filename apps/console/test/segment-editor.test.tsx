// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ReportAnswer, SegmentDefinition, StoredSegment } from '@mesura/protocol';
import type { Outcome } from '../src/api/api-answer';
import type { GoalsApi } from '../src/areas/objectius/goals-api';
import { GoalsApiContext } from '../src/areas/objectius/goals-api-context';
import SegmentsArea from '../src/areas/segments/segments-area';
import { FilterBar } from '../src/report-view/filter-bar';
import { ReportView } from '../src/report-view/report-view';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import type { SegmentsApi } from '../src/report-view/segments-api';
import { SegmentsApiContext } from '../src/report-view/segments-api-context';
import { useReportState } from '../src/report-view/use-report-state';
import type { Me } from '../src/session/me';
import { SessionContext } from '../src/session/session-context';
import { button, click, tableRows, type } from './helpers/experiments-harness';
import { mountedRoot } from '@mesura/test-utils/react';

// A report's chart is drawn on a canvas, which happy-dom lacks.
vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const ANALYST: Me = { id: 'u-pau', email: 'pau@example.cat', role: 'analyst', mustChangePassword: false };
const ok = <T,>(value: T): Promise<Outcome<T>> => Promise.resolve({ ok: true, value });

const PHONES: StoredSegment = {
  id: 'mobils',
  name: 'Mòbils',
  shared: true,
  match: 'all',
  groups: [{ match: 'all', conditions: [{ type: 'visit', attribute: 'device', value: 'mobile' }] }],
  owner: 'marta@example.cat',
};
const VOTERS: StoredSegment = { id: 'votants', name: 'Votants', shared: false, match: 'all', groups: [{ match: 'all', conditions: [{ type: 'call', call: '15' }] }], owner: ANALYST.email };

function answer(report: string, rows: [key: string, label: string][], segment?: { id: string; name: string }): ReportAnswer {
  return {
    report,
    title: report,
    from: '2026-11-19',
    to: '2026-11-25',
    filters: [],
    dimension: { key: 'key', label: 'Clau' },
    metrics: [{ key: 'visitors', label: 'Visitants', format: 'count' }],
    chart: 'bar',
    rows: rows.map(([key, label]) => ({ key, label, values: { visitors: 7 } })),
    totalRows: rows.length,
    offset: 0,
    limit: 100,
    totals: { values: { visitors: 7 } },
    minCohort: 5,
    ...(segment && { segment }),
  };
}

const ROWS: Readonly<Record<string, [string, string][]>> = {
  'technology/devices': [['mobile', 'Mòbil']],
  'engagement/calls': [['15', 'event15 · Participació (scParticipar)']],
  'content/pages': [['https://www.mesura.cat/', 'Portada']],
};

function fakes() {
  const stored = new Map([PHONES, VOTERS].map((s) => [s.id, s]));
  const segmentsApi = {
    list: vi.fn(() => ok([...stored.values()])),
    save: vi.fn((segment: SegmentDefinition) => ok({ ...segment, owner: ANALYST.email })),
    remove: vi.fn((id: string) => (stored.delete(id), ok(undefined))),
  } satisfies SegmentsApi;
  const goalsApi = { list: vi.fn(() => ok([])), save: vi.fn(), remove: vi.fn() } satisfies GoalsApi;
  const reportsApi = {
    catalogue: vi.fn(() => ok([])),
    report: vi.fn((report: string, query: string) => {
      const s = new URLSearchParams(query).get('s');
      const segment = [...stored.values()].find((one) => one.id === s);
      return ok(answer(report, ROWS[report] ?? [['portada', 'Portada']], segment && { id: segment.id, name: segment.name }));
    }),
  } satisfies ReportsApi;
  return { segmentsApi, goalsApi, reportsApi };
}

let shown = '';
function LocationProbe() {
  const location = useLocation();
  shown = `${location.pathname}${location.search}`;
  return null;
}

/** A report screen as the areas make it: the filter bar over one report. */
function SectionsScreen() {
  const [state, setState] = useReportState();
  return (
    <>
      <FilterBar state={state} onChange={setState} />
      <ReportView report="content/sections" title="Seccions" />
    </>
  );
}

const mounted = mountedRoot();

async function open(path: string, api = fakes()) {
  const container = await mounted.mount(
    <SessionContext.Provider value={{ me: ANALYST, refresh: async () => undefined }}>
      <ReportsApiContext.Provider value={api.reportsApi}>
        <GoalsApiContext.Provider value={api.goalsApi}>
          <SegmentsApiContext.Provider value={api.segmentsApi}>
            <MemoryRouter initialEntries={[path]}>
              <LocationProbe />
              <Routes>
                <Route path="/segments/*" element={<SegmentsArea />} />
                <Route path="/contingut" element={<SectionsScreen />} />
              </Routes>
            </MemoryRouter>
          </SegmentsApiContext.Provider>
        </GoalsApiContext.Provider>
      </ReportsApiContext.Provider>
    </SessionContext.Provider>,
  );
  const byId = <T extends HTMLElement>(id: string) => container.querySelector<T>(`#${CSS.escape(id)}`)!;
  return { ...api, container, byId };
}

describe('the segment builder', () => {
  it('builds groups of and/or conditions by choosing values the console knows, private unless shared', async () => {
    const { segmentsApi, container, byId } = await open('/segments/nou');
    await type(byId('segment-name'), 'Mòbil o votants de la portada');
    expect(byId<HTMLInputElement>('segment-id').value).toBe('mobil-o-votants-de-la-portada');
    expect([...byId<HTMLSelectElement>('segment-0-0-value').options].map((o) => o.value)).toEqual(['', 'mobile']);
    await type(byId('segment-0-0-value'), 'mobile');
    await click(button(container, 'Afegeix una condició al grup 1'));
    await type(byId('segment-0-1-type'), 'call');
    await type(byId('segment-0-1-call'), '15');
    await type(byId('segment-0-match'), 'any');
    await click(button(container, 'Afegeix un grup'));
    await type(byId('segment-1-0-type'), 'page');
    await type(byId('segment-1-0-url'), 'https://www.mesura.cat/');
    await click(button(container, 'Desa el segment'));
    expect(segmentsApi.save).toHaveBeenCalledWith({
      id: 'mobil-o-votants-de-la-portada',
      name: 'Mòbil o votants de la portada',
      shared: false,
      match: 'all',
      groups: [
        {
          match: 'any',
          conditions: [
            { type: 'visit', attribute: 'device', value: 'mobile' },
            { type: 'call', call: '15' },
          ],
        },
        { match: 'all', conditions: [{ type: 'page', url: 'https://www.mesura.cat/', match: 'exact' }] },
      ],
    });
    expect(shown).toBe('/segments');
  });

  it('builds a condition of visitors who watched a live programme to the end, chosen among Catalan names', async () => {
    const { segmentsApi, container, byId } = await open('/segments/nou');
    await type(byId('segment-name'), 'Directe sencer');
    await type(byId('segment-0-0-type'), 'media');
    expect([...byId<HTMLSelectElement>('segment-0-0-stream').options].map((o) => o.textContent)).toEqual(['Qualsevol', 'En directe', 'A la carta']);
    await type(byId('segment-0-0-moment'), 'complete');
    await type(byId('segment-0-0-stream'), 'live');
    await click(button(container, 'Desa el segment'));
    expect(segmentsApi.save).toHaveBeenCalledWith({
      id: 'directe-sencer',
      name: 'Directe sencer',
      shared: false,
      match: 'all',
      groups: [{ match: 'all', conditions: [{ type: 'media', moment: 'complete', stream: 'live' }] }],
    });
  });

  it('says in Catalan what is missing and saves nothing', async () => {
    const { segmentsApi, container, byId } = await open('/segments/nou');
    await type(byId('segment-name'), 'Sense valor');
    await click(button(container, 'Desa el segment'));
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Hi falta algun valor');
    expect(segmentsApi.save).not.toHaveBeenCalled();
  });

  it("lists who sees each segment, and lets an analyst change only their own or nobody else's private one", async () => {
    const { container } = await open('/segments');
    // Marta's shared segment is hers to change (an analyst is no editor); Pau's private one is his.
    expect(tableRows(container)).toEqual([
      ['Mòbils', '(Dispositiu: mobile)', "Tot l'equip", ''],
      ['Votants', '(Crida 15)', 'Només vós', 'EditaEsborra'],
    ]);
  });
});

describe('the segment picker', () => {
  it('puts s= in the URL and in every report asked, and compares two segments side by side', async () => {
    const { reportsApi, container } = await open('/contingut?des=2026-11-19&fins=2026-11-25');
    const picker = container.querySelector<HTMLSelectElement>('[aria-label="Segments"] select')!;
    expect(reportsApi.report).toHaveBeenCalled();
    // The list is read once the picker is used.
    await act(async () => picker.focus());
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Tots els visitants', 'Mòbils', 'Votants']);
    await type(picker, 'mobils');
    expect(new URLSearchParams(shown.split('?')[1]).get('s')).toBe('mobils');
    const asked = () => reportsApi.report.mock.calls.filter(([name]) => name === 'content/sections').map(([, query]) => new URLSearchParams(query).get('s'));
    expect(asked().at(-1)).toBe('mobils');
    const compare = container.querySelectorAll<HTMLSelectElement>('[aria-label="Segments"] select')[1]!;
    reportsApi.report.mockClear();
    await type(compare, 'votants');
    expect(new URLSearchParams(shown.split('?')[1]).get('vs')).toBe('votants');
    expect(asked().sort()).toEqual(['mobils', 'votants']);
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Seccions · Mòbils', 'Seccions · Votants']);
  });
});
