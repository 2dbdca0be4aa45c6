// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Annotation, AnnotationDraft, ReportAnswer } from '@mesura/protocol';
import { annotationMarks, chartSteps, pickedMoment } from '../src/report-view/annotation-marks';
import type { AnnotationsApi } from '../src/report-view/annotations-api';
import { AnnotationsApiContext } from '../src/report-view/annotations-api-context';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { ReportView } from '../src/report-view/report-view';
import type { Me } from '../src/session/me';
import { SessionContext } from '../src/session/session-context';
import { mountedRoot } from '@mesura/test-utils/react';
import { plots } from './helpers/uplot-stand-in';

vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const BY_DAY: ReportAnswer = {
  report: 'audience/by-day',
  title: 'Audiència per dia',
  from: '2026-11-21',
  to: '2026-11-23',
  filters: [],
  dimension: { key: 'day', label: 'Dia' },
  metrics: [{ key: 'visits', label: 'Visites', format: 'count' }],
  chart: 'line',
  rows: [
    { key: '2026-11-21', label: 'ds. 21/11/2026', values: { visits: 10 } },
    { key: '2026-11-22', label: 'dg. 22/11/2026', values: { visits: 30 } },
    { key: '2026-11-23', label: 'dl. 23/11/2026', values: { visits: 12 } },
  ],
  totalRows: 3,
  offset: 0,
  limit: 25,
  totals: { values: { visits: 52 } },
  minCohort: 5,
};

const ELECTIONS: Annotation = { id: '00000000000000a1', day: '2026-11-22', time: '21:00', text: "Nit d'eleccions", author: 'pau@example.cat', updatedAt: '2026-11-22T20:00:00.000Z' };
const OUTAGE: Annotation = { id: '00000000000000b2', day: '2026-11-21', text: 'Tall del CDN', author: 'marta@example.cat', updatedAt: '2026-11-21T08:00:00.000Z' };
const MARTA: Me = { id: 'u-marta', email: 'marta@example.cat', role: 'analyst', mustChangePassword: false };

const reports: ReportsApi = { catalogue: () => Promise.resolve({ ok: true, value: [] }), report: () => Promise.resolve({ ok: true, value: BY_DAY }) };

/** An in-memory notes API that records its calls. */
function fakeNotes(initial: Annotation[]) {
  let notes = [...initial];
  const created: AnnotationDraft[] = [];
  const removed: string[] = [];
  const api: AnnotationsApi = {
    list: () => Promise.resolve({ ok: true, value: [...notes].sort((a, b) => a.day.localeCompare(b.day)) }),
    create: (draft) => {
      created.push(draft);
      const note = { ...draft, id: `00000000000000c${created.length}`, author: MARTA.email, updatedAt: '2026-11-23T10:00:00.000Z' };
      notes.push(note);
      return Promise.resolve({ ok: true, value: note });
    },
    update: (id, draft) => Promise.resolve({ ok: true, value: { ...notes.find((n) => n.id === id)!, ...draft } }),
    remove: (id) => {
      removed.push(id);
      notes = notes.filter((n) => n.id !== id);
      return Promise.resolve({ ok: true, value: undefined });
    },
  };
  return { api, created, removed };
}

const mounted = mountedRoot();
let container: HTMLElement;

afterEach(() => {
  plots.length = 0;
});

async function render(notes: AnnotationsApi, me: Me = MARTA) {
  container = await mounted.mount(
    <SessionContext.Provider value={{ me, refresh: () => Promise.resolve() }}>
      <ReportsApiContext.Provider value={reports}>
        <AnnotationsApiContext.Provider value={notes}>
          <MemoryRouter initialEntries={['/?des=2026-11-21&fins=2026-11-23']}>
            <ReportView report="audience/by-day" title="Audiència per dia" />
          </MemoryRouter>
        </AnnotationsApiContext.Provider>
      </ReportsApiContext.Provider>
    </SessionContext.Provider>,
  );
  await act(async () => {
    await import('../src/report-view/line-chart');
  });
}

const button = (name: string) => {
  const found = [...container.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name);
  if (!found) throw new Error(`no button "${name}" in: ${container.textContent}`);
  return found;
};
const listed = () => [...container.querySelectorAll('.annotation')].map((li) => li.textContent);

function type(input: HTMLInputElement | HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

describe("a time chart's notes", () => {
  it('lists the notes of its days numbered as the chart marks them, with who wrote them', async () => {
    await render(fakeNotes([ELECTIONS, OUTAGE]).api);
    // Marta may correct her own note only.
    expect(listed()).toEqual(['1ds. 21/11/2026 Tall del CDN · marta@example.cat Corregeix Esborra', "2dg. 22/11/2026, 21:00 Nit d'eleccions · pau@example.cat"]);
    expect(container.querySelector('figure[role="img"]')?.getAttribute('aria-label')).toContain('Hi ha 2 notes, numerades sota el gràfic.');
    expect(plots.at(-1)!.options.hooks?.draw).toHaveLength(1);
  });

  it('adds a note for the team from the chart, on the day chosen', async () => {
    const notes = fakeNotes([]);
    await render(notes.api);
    await act(async () => button('Afegeix una nota').click());
    type(container.querySelector('select')!, '2026-11-22');
    type(container.querySelector<HTMLInputElement>('input[type="time"]')!, '21:30');
    type(container.querySelector<HTMLInputElement>('input[type="text"]')!, ' Debat electoral ');
    await act(async () => button('Afegeix la nota').click());
    expect(notes.created).toEqual([{ day: '2026-11-22', time: '21:30', text: 'Debat electoral' }]);
    expect(listed()).toEqual(['1dg. 22/11/2026, 21:30 Debat electoral · marta@example.cat Corregeix Esborra']);
  });

  it('opens the form on the day a click on the line picked', async () => {
    await render(fakeNotes([]).api);
    await act(async () => container.querySelector<HTMLElement>('.line-chart')!.click());
    expect(container.querySelector('select')?.value).toBe('2026-11-22');
  });

  it('refuses an empty note before asking the server', async () => {
    const notes = fakeNotes([]);
    await render(notes.api);
    await act(async () => button('Afegeix una nota').click());
    await act(async () => button('Afegeix la nota').click());
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Escriviu el text de la nota.');
    expect(notes.created).toEqual([]);
  });

  it("lets an admin delete another's note", async () => {
    const notes = fakeNotes([ELECTIONS]);
    await render(notes.api, { ...MARTA, role: 'admin' });
    await act(async () => button('Esborra la nota 1').click());
    expect(notes.removed).toEqual([ELECTIONS.id]);
    expect(listed()).toEqual([]);
  });
});

describe('where notes go on a chart', () => {
  it('puts each note on its day and numbers those that fall on the chart', () => {
    const marks = annotationMarks([OUTAGE, ELECTIONS, { ...OUTAGE, id: 'x', day: '2026-12-01' }], { kind: 'days', keys: ['2026-11-22', '2026-11-21'] });
    expect(marks.map((m) => [m.position, m.number, m.annotation.text])).toEqual([
      [1, 1, 'Tall del CDN'],
      [0, 2, "Nit d'eleccions"],
    ]);
  });

  it("puts a timed note on its minute of a chart of one day's minutes, and a click on a minute starts a note at that time", () => {
    const minutes = chartSteps({ ...BY_DAY, from: '2026-11-22', to: '2026-11-22', dimension: { key: 'minute', label: 'Minut' } });
    expect(minutes).toEqual({ kind: 'minutes', day: '2026-11-22' });
    // The untimed note of that day has no minute to go on; the other day's note is not on this chart.
    const marks = annotationMarks([OUTAGE, ELECTIONS, { ...ELECTIONS, id: 'y', time: undefined }], minutes!);
    expect(marks.map((m) => [m.position, m.number])).toEqual([[21 * 60, 1]]);
    expect(pickedMoment(21 * 60 + 5, minutes!)).toEqual({ day: '2026-11-22', time: '21:05' });
    // Hours of the day are no moments: that chart carries no notes.
    expect(chartSteps({ ...BY_DAY, dimension: { key: 'hour', label: 'Hora' } })).toBeUndefined();
  });
});
