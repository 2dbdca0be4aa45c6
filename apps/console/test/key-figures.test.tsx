// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { KeyFiguresAnswer } from '@mesura/protocol';
import type { Outcome } from '../src/api/api-answer';
import { KeyFigures } from '../src/report-view/key-figures';
import type { KeyFiguresApi } from '../src/report-view/key-figures-api';
import { KeyFiguresApiContext } from '../src/report-view/key-figures-api-context';
import { sparklinePath } from '../src/report-view/sparkline';
import { mountedRoot } from '@mesura/test-utils/react';

const AUDIENCE: KeyFiguresAnswer = {
  area: 'audience',
  from: '2026-11-01',
  to: '2026-11-03',
  compare: { from: '2026-10-29', to: '2026-10-31' },
  days: ['2026-11-01', '2026-11-02', '2026-11-03'],
  figures: [
    { key: 'visits', label: 'Visites', format: 'count', value: 1250, previous: 1000, series: [400, 350, 500] },
    { key: 'visitors', label: 'Visitants', format: 'count', approximate: true, value: 900, previous: 1000, series: [300, null, 320] },
    { key: 'bounce_rate', label: 'Rebot', format: 'percent', value: 0.4, previous: null, previousHidden: true, series: [0.4, 0.4, 0.4] },
    { key: 'page_views', label: 'Pàgines vistes', format: 'count', value: null, previous: 3, hidden: true, series: [null, null, null] },
  ],
  filters: [{ dimension: 'device', value: 'mobile' }],
  ignoredFilters: ['campaign'],
  minCohort: 5,
};

function fakeApi(answer: () => Outcome<KeyFiguresAnswer>) {
  const calls: { area: string; query: URLSearchParams }[] = [];
  const api: KeyFiguresApi = {
    keyFigures: (area, query) => {
      calls.push({ area, query: new URLSearchParams(query) });
      return Promise.resolve(answer());
    },
  };
  return { api, calls };
}

const mounted = mountedRoot();

async function render(area: string, api: KeyFiguresApi, url: string) {
  return mounted.mount(
    <KeyFiguresApiContext.Provider value={api}>
      <MemoryRouter initialEntries={[url]}>
        <KeyFigures area={area} />
      </MemoryRouter>
    </KeyFiguresApiContext.Provider>,
  );
}

const items = (container: HTMLElement) =>
  [...container.querySelectorAll('.key-figure')].map((item) => [
    item.querySelector('.key-figure__label')?.textContent,
    item.querySelector('.key-figure__value')?.textContent,
    item.querySelector('.key-figure__change')?.textContent,
  ]);

describe('the key figures on top of an area', () => {
  it('asks for the URL period, filters and segment, and shows each figure with its change and previous value', async () => {
    const { api, calls } = fakeApi(() => ({ ok: true, value: AUDIENCE }));
    const container = await render('audience', api, '/?des=2026-11-01&fins=2026-11-03&f=device:mobile&s=mobils&compara=1');
    expect(calls).toEqual([{ area: 'audience', query: new URLSearchParams('from=2026-11-01&to=2026-11-03&f=device%3Amobile&s=mobils') }]);
    expect(items(container)).toEqual([
      ['Visites', '1.250', '+25\u00a0% (abans 1.000)'],
      ['Visitants (aprox.)', '900', '-10\u00a0% (abans 1.000)'],
      // The previous period hidden by the minimum cohort: no change to show.
      ['Rebot', '40\u00a0%', 'Sense comparació (abans < 5)'],
      ['Pàgines vistes', '< 5', 'Sense comparació (abans 3)'],
    ]);
    expect(container.querySelector('.key-figures__heading')?.textContent).toContain('comparat amb');
    expect(container.textContent).toContain('Algunes xifres no es poden filtrar per: Campanya.');
    expect(container.querySelector('.key-figure__change--up')).not.toBeNull();
    expect(container.querySelectorAll('svg.sparkline[aria-hidden="true"]')).toHaveLength(4);
  });

  it('says when the figures cannot be read, and asks again', async () => {
    let fail = true;
    const { api, calls } = fakeApi(() => (fail ? { ok: false, failure: { reason: 'network' } } : { ok: true, value: AUDIENCE }));
    const container = await render('audience', api, '/?periode=7-dies');
    expect(container.textContent).toContain("No s'han pogut carregar les xifres clau.");
    fail = false;
    const retry = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Torna a carregar les xifres clau')!;
    const { act } = await import('react');
    await act(async () => retry.click());
    expect(calls).toHaveLength(2);
    expect(items(container)).toHaveLength(4);
  });

  it('asks nothing for an area without figures', async () => {
    const { api, calls } = fakeApi(() => ({ ok: true, value: AUDIENCE }));
    const container = await render('funnels', api, '/?periode=7-dies');
    expect(calls).toEqual([]);
    expect(container.querySelector('.key-figures')).toBeNull();
  });
});

describe('the trend line', () => {
  it('spreads the days across the width, highest at the top, and breaks at a hidden day', () => {
    expect(sparklinePath([0, 10, null, 5], 120, 32)).toBe('M0 30L40 2M120 16');
  });

  it("draws only the steps asked for on the whole series' scale: today's, still under way, apart", () => {
    expect(sparklinePath([0, 10, 5, 1], 120, 32, { from: 0, to: 2 })).toBe('M0 30L40 2L80 16');
    expect(sparklinePath([0, 10, 5, 1], 120, 32, { from: 2, to: 3 })).toBe('M80 16L120 27.2');
  });

  it('draws a flat series in the middle and nothing without values', () => {
    expect(sparklinePath([3, 3], 120, 32)).toBe('M0 16L120 16');
    expect(sparklinePath([null, null], 120, 32)).toBe('');
  });
});
