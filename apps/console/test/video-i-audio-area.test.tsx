// @vitest-environment happy-dom
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ReportAnswer, ReportCatalogueEntry } from '@mesura/protocol';
import VideoIAudioArea from '../src/areas/video-i-audio/video-i-audio-area';
import type { ReportsApi } from '../src/report-view/reports-api';
import { ReportsApiContext } from '../src/report-view/reports-api-context';
import { mountedRoot } from '@mesura/test-utils/react';
import { QuietApis } from './helpers/quiet-apis';

vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const CHANNEL = {
  name: 'channel',
  kind: 'choice',
  label: 'Canal o emissora',
  absentLabel: 'Tots els canals i emissores',
  choices: [
    { value: 'mesura-tv', label: 'Mesura TV' },
    { value: 'mesura-radio', label: 'Mesura Ràdio' },
  ],
} as const;
const DAY = { name: 'day', kind: 'day', label: 'Dia', absentLabel: 'El darrer dia sencer del període' } as const;

const CATALOGUE: ReportCatalogueEntry[] = [
  { report: 'media/plays-by-day', area: 'media', title: 'Reproduccions per dia' },
  { report: 'media/plays-by-channel', area: 'media', title: 'Reproduccions per canal' },
  { report: 'media/plays-by-season', area: 'media', title: 'Reproduccions per temporada', params: ['programme'] },
  { report: 'media/quality-by-day', area: 'media', title: "Qualitat de l'experiència per dia" },
  { report: 'media/live-viewers-per-minute', area: 'media', title: 'Espectadors del directe per minut', params: ['day', 'channel'], controls: [DAY, { ...CHANNEL, choices: [...CHANNEL.choices] }] },
  { report: 'media/live-guide-viewing', area: 'media', title: 'Directe per programa de la graella', params: ['channel'], controls: [{ ...CHANNEL, choices: [...CHANNEL.choices] }] },
  { report: 'media/radio-listeners', area: 'media', title: 'Oients de ràdio per emissora' },
];

/** An answer of one row for any report; the live minute's covers the day it was asked (or 2026-11-24). */
function answerOf(report: string, query: URLSearchParams): ReportAnswer {
  const day = report === 'media/live-viewers-per-minute' ? (query.get('day') ?? '2026-11-24') : undefined;
  return {
    report,
    title: report,
    from: day ?? query.get('from')!,
    to: day ?? query.get('to')!,
    filters: [],
    dimension: { key: 'minute', label: 'Minut' },
    metrics: [{ key: 'viewers', label: 'Espectadors', format: 'count' }],
    chart: 'bar',
    rows: [{ key: '1260', label: '21:00', values: { viewers: 7 } }],
    totalRows: 1,
    offset: 0,
    limit: 25,
    totals: { values: { viewers: 7 } },
    minCohort: 5,
  };
}

function fakeApi() {
  const calls: { report: string; query: URLSearchParams }[] = [];
  const api: ReportsApi = {
    catalogue: () => Promise.resolve({ ok: true, value: CATALOGUE }),
    report: (report, query) => {
      const params = new URLSearchParams(query);
      calls.push({ report, query: params });
      return Promise.resolve({ ok: true, value: answerOf(report, params) });
    },
  };
  return { api, calls };
}

const mounted = mountedRoot();
let location = { pathname: '', search: '' };

function LocationProbe() {
  location = useLocation();
  return null;
}

async function render(url: string) {
  const fake = fakeApi();
  const container = await mounted.mount(
    <QuietApis>
      <ReportsApiContext.Provider value={fake.api}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/video-i-audio/*" element={<VideoIAudioArea />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ReportsApiContext.Provider>
    </QuietApis>,
  );
  return { container, calls: fake.calls };
}

const headings = (container: HTMLElement) => [...container.querySelectorAll('section.panel h2')].map((h) => h.textContent);

describe('Vídeo i àudio', () => {
  it('opens on its plays, with the sub-pages as links that keep the period', async () => {
    const { container, calls } = await render('/video-i-audio?periode=30-dies&p.channel=mesura-tv');
    expect(headings(container)).toEqual(['Reproduccions per dia', 'Reproduccions per canal', 'Reproduccions per temporada']);
    // The filter form also asks for its suggested values (content/sections); the area asks its own reports alone.
    expect(new Set(calls.map((c) => c.report).filter((r) => r.startsWith('media/')))).toEqual(new Set(['media/plays-by-day', 'media/plays-by-channel', 'media/plays-by-season']));
    const links = [...container.querySelectorAll('nav.media-sub-nav a')];
    expect(links.map((a) => a.textContent)).toEqual(['Reproduccions', 'Anuncis i capítols', "Qualitat de l'experiència", 'Directe', 'Ràdio']);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    // The period goes along; a report's own parameter stays with the page it was chosen on.
    expect(links[3]!.getAttribute('href')).toBe('/video-i-audio/directe?periode=30-dies');
  });

  it('shows the live reports with a day and a channel, whose choices ask the reports again and stay in the URL', async () => {
    const { container, calls } = await render('/video-i-audio/directe?periode=7-dies');
    expect(headings(container)).toEqual(['Espectadors del directe per minut', 'Directe per programa de la graella']);
    const minutes = container.querySelector('section.panel')!;
    // Without a day chosen the field shows the day the server read, and says why.
    const day = minutes.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(day.value).toBe('2026-11-24');
    expect(minutes.textContent).toContain('(el darrer dia sencer del període)');
    expect(calls.find((c) => c.report === 'media/live-viewers-per-minute')!.query.has('day')).toBe(false);

    const channel = minutes.querySelector<HTMLSelectElement>('.report-params select')!;
    expect([...channel.options].map((o) => [o.value, o.textContent, o.title])).toEqual([
      ['', 'Tots els canals i emissores', ''],
      ['mesura-tv', 'Mesura TV', 'mesura-tv'],
      ['mesura-radio', 'Mesura Ràdio', 'mesura-radio'],
    ]);
    calls.length = 0;
    await act(async () => {
      channel.value = 'mesura-tv';
      channel.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(new URLSearchParams(location.search).get('p.channel')).toBe('mesura-tv');
    // Both live reports take the channel: both are asked for it.
    expect(calls.map((c) => [c.report, c.query.get('channel')]).sort()).toEqual([
      ['media/live-guide-viewing', 'mesura-tv'],
      ['media/live-viewers-per-minute', 'mesura-tv'],
    ]);

    calls.length = 0;
    const setDay = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setDay.call(container.querySelector('section.panel input[type="date"]'), '2026-11-22');
      container.querySelector('section.panel input[type="date"]')!.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(calls.map((c) => [c.report, c.query.get('day'), c.query.get('channel')])).toEqual([['media/live-viewers-per-minute', '2026-11-22', 'mesura-tv']]);
    expect(new URLSearchParams(location.search).get('p.day')).toBe('2026-11-22');
  });

  it("opens a row's drill-down in place of the list: a channel's minutes with its channel chosen, a programme's seasons named", async () => {
    const minutes = await render('/video-i-audio?informe=media/live-viewers-per-minute&p.channel=mesura-tv');
    expect(headings(minutes.container)).toEqual(['Espectadors del directe per minut']);
    expect(minutes.container.querySelector<HTMLSelectElement>('section.panel .report-params select')!.value).toBe('mesura-tv');
    expect(minutes.calls.find((c) => c.report === 'media/live-viewers-per-minute')!.query.get('channel')).toBe('mesura-tv');
    const seasons = await render('/video-i-audio?informe=media/plays-by-season&p.programme=MESURA-NOTICIES');
    expect(headings(seasons.container)).toEqual(['Reproduccions per temporada: MESURA-NOTICIES']);
    expect(seasons.container.textContent).toContain('← Tots els informes de reproduccions');
  });

  it('sends an unknown sub-page to the area', async () => {
    await render('/video-i-audio/no-existeix');
    expect(location.pathname).toBe('/video-i-audio');
  });
});
