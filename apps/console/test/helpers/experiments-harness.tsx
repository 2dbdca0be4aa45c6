/** The Experiments area under test: a fake ExperimentsApi of spies over an in-memory catalogue, rendered as the shell mounts it. */
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { ApiFailure } from '../../src/api/api-answer';
import type { ActivityChange } from '../../src/areas/experiments/activity-history';
import type { Activity, ActivityOverTime, ActivityResults } from '@mesura/protocol';
import type { ExperimentsApi, Outcome } from '../../src/areas/experiments/experiments-api';
import { ExperimentsApiContext } from '../../src/areas/experiments/experiments-api-context';
import ExperimentsArea from '../../src/areas/experiments/experiments-area';
import type { Me } from '../../src/session/me';
import { SessionContext } from '../../src/session/session-context';
import type { MountedRoot } from '@mesura/test-utils/react';

export const EDITOR: Me = { id: 'u-marta', email: 'marta@example.cat', role: 'editor', mustChangePassword: false };

export const ok = <T,>(value: T): Promise<Outcome<T>> => Promise.resolve({ ok: true, value });
export const refused = (message: string, status = 400, code = 'MESURA_ERR_BAD_ACTIVITY'): Promise<Outcome<never>> =>
  Promise.resolve({ ok: false, failure: { reason: 'rejected', status, message, code } satisfies ApiFailure });

/** An A/B test on an article: the control as the page is, a variant with a new headline; trusted by an admin. */
export function headlineTest(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 'titular-noticia',
    name: 'Titular de la notícia',
    type: 'ab',
    status: 'draft',
    mboxes: ['target-global-mbox'],
    audience: { path: { prefix: '/noticia/1001/' } },
    priority: 3,
    reshuffle: 1,
    experiences: [
      { id: 'control', name: 'Control', share: 50 },
      { id: 'nou-titular', name: 'Nou titular', share: 50, offer: { id: 'nou-titular', name: 'Nou titular', actions: [{ action: 'setContent', selector: 'h1', content: 'Un titular &amp; més' }] } },
    ],
    goal: { type: 'click', selector: '.share-button' },
    trusted: true,
    trustedBy: 'anna@example.cat',
    trustedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const RESULTS: ActivityResults = {
  activity: { id: 'titular-noticia', name: 'Titular de la notícia', type: 'ab', status: 'active', goal: { type: 'click', selector: '.share-button' } },
  controlExperienceId: 'control',
  experiences: [
    { id: 'control', name: 'Control', share: 50, visitors: 1200, conversions: 60, conversionRate: 0.05, control: true, hidden: false },
    {
      id: 'nou-titular',
      name: 'Nou titular',
      share: 50,
      visitors: 1234,
      conversions: 80,
      conversionRate: 0.0648,
      control: false,
      hidden: false,
      versusControl: {
        difference: 0.0148,
        differenceCi: [-0.0035, 0.0331],
        lift: 0.296,
        liftCi: [-0.07, 0.662],
        zScore: 1.58,
        pValue: 0.1141,
        probabilityToBeatControl: 0.9432,
        alwaysValid: { pValue: 0.62, differenceCi: [-0.0131, 0.0427] },
        cuped: { difference: 0.0121, differenceCi: [-0.0024, 0.0266], pValue: 0.102, alwaysValid: { pValue: 0.55, differenceCi: [-0.0097, 0.0339] }, varianceReduction: 0.384 },
      },
    },
  ],
  totals: { visitors: 2434, conversions: 140, hidden: false },
  sampleRatio: { chiSquare: 0.47, degreesOfFreedom: 1, pValue: 0.49, mismatch: false },
  minCohort: 5,
  cuped: { covariate: 'pageViews', prePeriodDays: 14, theta: 0.031 },
};

export const OVER_TIME: ActivityOverTime = {
  activity: { id: 'titular-noticia', name: 'Titular de la notícia' },
  from: '2026-11-18',
  to: '2026-11-24',
  days: [
    {
      day: '2026-11-23',
      experiences: [
        { id: 'control', visitors: 10, conversions: 1, conversionRate: 0.1, hidden: false },
        { id: 'nou-titular', visitors: 3, conversions: null, conversionRate: null, hidden: true },
      ],
    },
  ],
};

/** The site's pages as the fake content API lists them: the home and two articles, one under the test activity's prefix. */
export const SITE_PAGES = [
  { path: '/', title: 'Portada' },
  { path: '/noticia/1001/pluja-a-barcelona/', title: 'Pluja a Barcelona' },
  { path: '/noticia/1002/el-parlament-vota/', title: 'El Parlament vota' },
];

/** An in-memory ExperimentsApi: activities kept in a map, each method a spy a test may script. */
export function fakeExperimentsApi(activities: Activity[] = [headlineTest()], history: ActivityChange[] = []) {
  const stored = new Map(activities.map((a) => [a.id, a]));
  const notFound = (id: string) => refused(`no activity ${id}`, 404, 'MESURA_ERR_NOT_FOUND');
  const api = {
    listActivities: vi.fn(() => ok([...stored.values()])),
    activity: vi.fn((id: string) => (stored.has(id) ? ok(stored.get(id)!) : notFound(id))),
    saveActivity: vi.fn((definition: Parameters<ExperimentsApi['saveActivity']>[0]) => {
      const before = stored.get(definition.id);
      const saved: Activity = { ...definition, ...(before?.trusted ? { trusted: true, trustedBy: before.trustedBy!, trustedAt: before.trustedAt! } : {}) };
      stored.set(definition.id, saved);
      return ok(saved);
    }),
    results: vi.fn((_id: string) => ok(RESULTS)),
    overTime: vi.fn((_id: string, _range: { from: string; to: string }) => ok(OVER_TIME)),
    preview: vi.fn((id: string, experienceId: string, path: string) => ok({ url: `${path}?mesura_preview=${id}.${experienceId}`, expiresAt: '2026-11-25T10:00:00.000Z' })),
    history: vi.fn((_id: string) => ok([...history])),
    sitePages: vi.fn(() => ok(SITE_PAGES)),
    siteGoals: vi.fn(() =>
      ok([
        { id: 'temps', name: 'Consultar el temps', summary: 'Veu una pàgina com https://www.mesura.cat/el-temps/*' },
        { id: 'gracies', name: 'Pàgina de gràcies', summary: 'Veu https://www.mesura.cat/gracies/' },
        { id: 'comparticions', name: 'Comparticions', summary: 'Fa la crida 3' },
      ]),
    ),
  } satisfies ExperimentsApi;
  return api;
}

export interface Harness {
  container: HTMLElement;
  /** The router's path now, as the shell's would be. */
  path: () => string;
}

let shownPath = '';
function PathProbe() {
  shownPath = useLocation().pathname;
  return null;
}

/**
 * Renders the area at `path` as the shell mounts it (/experiments/*), signed in as `me`, over `api`,
 * through `mount` of the test file's mountedRoot(), which unmounts it after the test.
 */
export async function renderExperiments(mount: MountedRoot['mount'], path: string, api: ExperimentsApi, me: Me = EDITOR): Promise<Harness> {
  const container = await mount(
    <SessionContext.Provider value={{ me, refresh: async () => undefined }}>
      <ExperimentsApiContext.Provider value={api}>
        <MemoryRouter initialEntries={[path]}>
          <PathProbe />
          <Routes>
            <Route path="/experiments/*" element={<ExperimentsArea />} />
          </Routes>
        </MemoryRouter>
      </ExperimentsApiContext.Provider>
    </SessionContext.Provider>,
  );
  return { container, path: () => shownPath };
}

export function button(container: HTMLElement, name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name);
  if (!found) throw new Error(`no button "${name}" in: ${container.textContent}`);
  return found;
}

export async function click(element: HTMLElement) {
  await act(async () => element.click());
}

/** Types into a controlled input, textarea or select the way React notices (its value setter, then the event). */
export async function type(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const prototype = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

/** The rows of the first table under `within`, each as its cells' texts. */
export function tableRows(within: Element): string[][] {
  return [...within.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}
