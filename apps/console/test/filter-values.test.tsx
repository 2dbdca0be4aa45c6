// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReportAnswer, ReportRow } from '@mesura/protocol';
import { FILTER_VALUE_SUGGESTIONS } from '../src/report-view/filter-value-sources';
import { resolveFilterValue } from '../src/report-view/resolve-filter-value';
import { FilterBar } from '../src/report-view/filter-bar';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { useReportState } from '../src/report-view/use-report-state';
import { mountedRoot } from '@mesura/test-utils/react';

// The filters' values as a person reads them: a chip names the value as the reports do (Mòbil, not
// the key `mobile`), and a dimension whose values nobody could guess offers them.

function answerOf(report: string, rows: Pick<ReportRow, 'key' | 'label'>[]): ReportAnswer {
  return {
    report,
    title: report,
    from: '2026-11-19',
    to: '2026-11-25',
    filters: [],
    dimension: { key: 'device', label: 'Dispositiu' },
    metrics: [{ key: 'visits', label: 'Visites', format: 'count' }],
    chart: 'bar',
    rows: rows.map((row) => ({ ...row, values: { visits: 10 } })),
    totalRows: rows.length,
    offset: 0,
    limit: FILTER_VALUE_SUGGESTIONS,
    totals: { values: { visits: 10 } },
    minCohort: 5,
  };
}

const ROWS: Record<string, Pick<ReportRow, 'key' | 'label'>[]> = {
  'technology/devices': [
    { key: 'mobile', label: 'Mòbil' },
    { key: 'desktop', label: 'Ordinador' },
  ],
  'content/portals': [
    { key: 'mesura', label: 'mesura' },
    { key: 'esports', label: 'esports' },
  ],
  'media/plays-by-channel': [
    { key: '', label: 'A la carta (sense canal)' },
    { key: 'mesura-tv', label: 'Mesura TV' },
  ],
  'geography/countries': [
    { key: 'ES', label: 'Espanya' },
    { key: 'AD', label: 'Andorra' },
  ],
  'geography/regions': [
    { key: 'Catalonia', label: 'Catalunya' },
    { key: 'Balearic Islands', label: 'Illes Balears' },
  ],
};

const mounted = mountedRoot();
let container: HTMLElement;
let search = '';
let asked: string[] = [];

function Screen() {
  const [state, setState] = useReportState();
  search = useLocation().search;
  return <FilterBar state={state} onChange={setState} />;
}

async function render(url: string) {
  asked = [];
  const api: ReportsApi = {
    catalogue: () => Promise.resolve({ ok: true, value: [] }),
    report: (report) => {
      asked.push(report);
      return Promise.resolve({ ok: true, value: answerOf(report, ROWS[report] ?? []) });
    },
  };
  container = await mounted.mount(
    <ReportsApiContext.Provider value={api}>
      <MemoryRouter initialEntries={[url]}>
        <Screen />
      </MemoryRouter>
    </ReportsApiContext.Provider>,
  );
}

async function chooseDimension(dimension: string) {
  const select = container.querySelector<HTMLSelectElement>('form[aria-label="Afegeix un filtre"] select')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, dimension);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const offered = () => [...container.querySelectorAll('datalist option')].map((option) => [option.getAttribute('value'), option.textContent]);
const chips = () => [...container.querySelectorAll('.filter-chips li')].map((chip) => chip.firstChild?.textContent);

describe('the filters of the report areas', () => {
  it('names a filter value in its chip as the reports name it, and removes it from there', async () => {
    await render('/?f=device:mobile');
    expect(chips()).toEqual(['Dispositiu: Mòbil']);
    const remove = container.querySelector<HTMLButtonElement>('button[aria-label="Treu el filtre Dispositiu: Mòbil"]');
    expect(remove).not.toBeNull();
    await act(async () => remove!.click());
    expect(new URLSearchParams(search).getAll('f')).toEqual([]);
  });

  it('shows a value the period does not name as it is', async () => {
    await render('/?f=device:nevera');
    expect(chips()).toEqual(['Dispositiu: nevera']);
  });

  it('offers the two login states, named in Catalan, without asking the server', async () => {
    await render('/?f=login:no%20logat');
    expect(chips()).toEqual(['Sessió iniciada: Sense sessió iniciada']);
    const askedBefore = asked.length;
    await chooseDimension('login');
    expect(offered()).toEqual([
      ['logat', 'Amb sessió iniciada'],
      ['no logat', 'Sense sessió iniciada'],
    ]);
    expect(asked).toHaveLength(askedBefore);
  });

  it('offers countries and regions named in Catalan, and filters by their stored keys', async () => {
    await render('/?f=region:Catalonia');
    expect(chips()).toEqual(['Regió: Catalunya']);
    await chooseDimension('country');
    expect(asked).toContain('geography/countries');
    expect(offered()).toEqual([
      ['ES', 'Espanya'],
      ['AD', 'Andorra'],
    ]);
  });

  it("offers the period's channels, not the row of plays without one", async () => {
    await render('/');
    await chooseDimension('channel');
    expect(asked).toContain('media/plays-by-channel');
    expect(offered()).toEqual([['mesura-tv', 'Mesura TV']]);
  });
});

describe('a typed filter value', () => {
  async function type(text: string) {
    const input = container.querySelector<HTMLInputElement>('form[aria-label="Afegeix un filtre"] input')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => container.querySelector<HTMLButtonElement>('form[aria-label="Afegeix un filtre"] button[type="submit"]')!.click());
  }
  const alert = () => container.querySelector('form[aria-label="Afegeix un filtre"] [role="alert"]')?.textContent ?? null;

  it('by its Catalan name filters by the stored value, whatever its case and accents', async () => {
    await render('/');
    await chooseDimension('device');
    await type('mobil');
    expect(new URLSearchParams(search).getAll('f')).toEqual(['device:mobile']);
    expect(chips()).toEqual(['Dispositiu: Mòbil']);
    expect(alert()).toBeNull();
  });

  it('that the period does not offer is said so and not added', async () => {
    await render('/');
    await chooseDimension('device');
    await type('Nevera');
    expect(new URLSearchParams(search).getAll('f')).toEqual([]);
    expect(alert()).toBe("Cap valor de «Dispositiu» del període es diu «Nevera»: tria'n un de la llista.");
  });

  it('of a region by its Catalan name filters by the name the database gives it', async () => {
    await render('/');
    await chooseDimension('region');
    await type('illes balears');
    expect(new URLSearchParams(search).getAll('f')).toEqual(['region:Balearic Islands']);
  });

  it("of a portal is one of the period's portals (content/portals)", async () => {
    await render('/');
    await chooseDimension('portal');
    expect(asked.at(-1)).toBe('content/portals');
    await type('esports');
    expect(new URLSearchParams(search).getAll('f')).toEqual(['portal:esports']);
  });
});

describe('resolveFilterValue', () => {
  const devices = [
    { value: 'mobile', label: 'Mòbil' },
    { value: 'desktop', label: 'Ordinador' },
  ];
  it('says a value matches none only when the list holds every value of the period', () => {
    expect(resolveFilterValue('ORDINADOR', devices, true)).toEqual({ ok: true, value: 'desktop' });
    expect(resolveFilterValue('nevera', devices, true)).toEqual({ ok: false });
    // The most visited fifty may leave a rare one out: what is typed is taken as is.
    expect(resolveFilterValue('nevera', devices, false)).toEqual({ ok: true, value: 'nevera' });
    expect(resolveFilterValue(' mobile ', devices, false)).toEqual({ ok: true, value: 'mobile' });
  });
});
