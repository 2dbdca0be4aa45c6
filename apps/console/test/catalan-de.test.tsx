// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReportAnswer } from '@mesura/protocol';
import { deBefore } from '../src/reports/catalan-de';
import { ReportArea } from '../src/report-view/report-area';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { mountedRoot } from '@mesura/test-utils/react';
import { QuietApis } from './helpers/quiet-apis';

// "de" before a vowel sound is written "d'" in Catalan: the console's texts built around a name
// (an area, a metric, an email) must not read "de Audiència" or "de entrades".

const mounted = mountedRoot();

describe('deBefore', () => {
  it.each([
    ['Audiència', "d'Audiència"],
    ['Adquisició', "d'Adquisició"],
    ['Interacció', "d'Interacció"],
    ['entrades', "d'entrades"],
    ['oients', "d'oients"],
    ['hores', "d'hores"],
    ['admin@example.org', "d'admin@example.org"],
    ['Contingut', 'de Contingut'],
    ['pàgines vistes', 'de pàgines vistes'],
    ['Vídeo i àudio', 'de Vídeo i àudio'],
    ['iogurt', 'de iogurt'],
    ['marta@example.cat', 'de marta@example.cat'],
  ])('%s → %s', (word, expected) => {
    expect(deBefore(word)).toBe(expected);
  });
});

describe("a report area's way back from a drill-down", () => {
  it('reads "← Tots els informes d\'Audiència"', async () => {
    const answer = {
      report: 'audience/by-day',
      title: 'Audiència per dia',
      rows: [],
      metrics: [],
      totals: { values: {} },
      dimension: { key: 'day', label: 'Dia' },
      totalRows: 0,
      offset: 0,
      limit: 25,
      from: '2026-11-19',
      to: '2026-11-25',
      filters: [],
      chart: 'line',
      minCohort: 5,
    } as ReportAnswer;
    const api: ReportsApi = {
      catalogue: () => Promise.resolve({ ok: true, value: [{ report: 'audience/by-day', area: 'audience', title: 'Audiència per dia' }] }),
      report: () => Promise.resolve({ ok: true, value: answer }),
    };
    const container = await mounted.mount(
      <QuietApis>
        <ReportsApiContext.Provider value={api}>
          <MemoryRouter initialEntries={['/?informe=audience/by-day']}>
            <ReportArea catalogueArea="audience" label="Audiència" />
          </MemoryRouter>
        </ReportsApiContext.Provider>
      </QuietApis>,
    );
    const back = [...container.querySelectorAll('button')].map((b) => b.textContent).find((text) => text?.startsWith('← '));
    expect(back).toBe("← Tots els informes d'Audiència");
  });
});
