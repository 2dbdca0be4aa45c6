// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Annotation } from '@mesura/protocol';
import { ConversionOverTime } from '../src/areas/experiments/conversion-over-time';
import { ExperimentsApiContext } from '../src/areas/experiments/experiments-api-context';
import type { AnnotationsApi } from '../src/report-view/annotations-api';
import { AnnotationsApiContext } from '../src/report-view/annotations-api-context';
import { SessionContext } from '../src/session/session-context';
import { EDITOR, fakeExperimentsApi } from './helpers/experiments-harness';
import { mountedRoot } from '@mesura/test-utils/react';
import { plots } from './helpers/uplot-stand-in';

vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const LAUNCH: Annotation = { id: '00000000000000d1', day: '2026-11-23', text: 'Nou titular publicat', author: 'marta@example.cat', updatedAt: '2026-11-23T08:00:00.000Z' };

const mounted = mountedRoot();

describe("an experiment's conversion over time", () => {
  it("marks the team's notes of the period on its days, as every report chart does", async () => {
    const asked: { from: string; to: string }[] = [];
    const notes: AnnotationsApi = {
      list: (range) => {
        asked.push(range);
        return Promise.resolve({ ok: true, value: [LAUNCH] });
      },
      create: () => Promise.reject(new Error('not asked')),
      update: () => Promise.reject(new Error('not asked')),
      remove: () => Promise.reject(new Error('not asked')),
    };
    const container = await mounted.mount(
      <SessionContext.Provider value={{ me: EDITOR, refresh: async () => undefined }}>
        <ExperimentsApiContext.Provider value={fakeExperimentsApi()}>
          <AnnotationsApiContext.Provider value={notes}>
            <MemoryRouter initialEntries={['/?des=2026-11-18&fins=2026-11-24']}>
              <ConversionOverTime
                activityId="titular-noticia"
                experiences={[
                  { id: 'control', name: 'Titular actual' },
                  { id: 'nou-titular', name: 'Titular nou' },
                ]}
              />
            </MemoryRouter>
          </AnnotationsApiContext.Provider>
        </ExperimentsApiContext.Provider>
      </SessionContext.Provider>,
    );
    await act(async () => {
      await import('../src/report-view/line-chart');
    });
    expect(asked).toEqual([{ from: '2026-11-18', to: '2026-11-24' }]);
    const listed = [...container.querySelectorAll('.annotation')].map((li) => li.textContent);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toContain('Nou titular publicat · marta@example.cat');
    expect(container.querySelector('figure[role="img"]')?.getAttribute('aria-label')).toContain('Hi ha 1 nota, numerades sota el gràfic.');
    // The mark is drawn over the line by the chart's draw hook.
    expect(plots.at(-1)!.options.hooks?.draw).toHaveLength(1);
  });
});
