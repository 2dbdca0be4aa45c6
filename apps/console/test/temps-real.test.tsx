// @vitest-environment happy-dom
/**
 * The Temps real area over a fake event stream: the live state and the figures of each snapshot,
 * a failed update, a dropped and a refused connection with its new attempt, the stream closed when
 * the view goes, and the snapshot's reading from the wire.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeSnapshot } from '@mesura/protocol';
import { parseRealtimeSnapshot } from '../src/areas/temps-real/realtime-snapshot';
import { RealtimePanel } from '../src/areas/temps-real/realtime-panel';
import { REALTIME_STREAM_PATH, type EventSourceLike } from '../src/areas/temps-real/use-realtime-stream';
import { mountedRoot } from '@mesura/test-utils/react';
import { plots } from './helpers/uplot-stand-in';

vi.mock('uplot', () => import('./helpers/uplot-stand-in'));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

/** An EventSource the test drives: events, errors, and whether the view closed it. */
class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    this.readyState = 1;
    act(() => this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }))));
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    act(() => this.onerror?.(new Event('error')));
  }
}

const minutes = Array.from({ length: 30 }, (_, i) => ({ start: new Date(Date.UTC(2026, 10, 23, 9, 1 + i)).toISOString(), pageViews: i === 28 ? null : i }));
const SNAPSHOT: RealtimeSnapshot = {
  at: '2026-11-23T09:30:20.000Z',
  minCohort: 5,
  minutes,
  activePages: {
    minutes: 5,
    pages: [{ url: 'https://mesura.cat/noticia/1/', title: 'La notícia del dia', pageViews: 1234, visitors: 800 }],
    total: { pageViews: 1300, visitors: 830 },
    others: { pages: 12, pageViews: 40, visitors: 25 },
  },
  live: {
    seconds: 30,
    channels: [
      { slug: 'mesura-tv', name: 'Mesura TV', viewers: 1500 },
      { slug: 'mesura-24', name: 'Mesura 24', viewers: null },
    ],
    stations: [{ slug: 'mesura-radio', name: 'Mesura Ràdio', viewers: 0 }],
  },
};

const mounted = mountedRoot();
let container: HTMLElement;
let sources: FakeEventSource[];

afterEach(() => {
  plots.length = 0;
});

async function render(): Promise<void> {
  sources = [];
  const open = (url: string) => {
    const source = new FakeEventSource(url);
    sources.push(source);
    return source;
  };
  container = await mounted.mount(<RealtimePanel openStream={open} />);
}

const text = () => container.textContent ?? '';
const status = () => container.querySelector('[role="status"]')?.textContent;
const latest = () => sources.at(-1)!;

/** Lets the line chart, a chunk of its own, arrive. */
const settle = () =>
  act(async () => {
    await import('../src/report-view/line-chart');
  });

describe('the Temps real area', () => {
  it('connects to the stream and shows each snapshot with "En directe"', async () => {
    await render();
    expect(sources.map((s) => s.url)).toEqual([REALTIME_STREAM_PATH]);
    expect(status()).toBe("S'està connectant amb les dades en directe…");
    latest().emit('snapshot', SNAPSHOT);
    await settle();
    expect(status()).toBe('En directe');
    expect(text()).toContain('actualitzat a les 10:30:20');
    const rows = [...container.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    // The pages of fewer than 5 visitors each, added up, and the minutes' totals, which list nobody.
    expect(rows).toEqual([
      ['La notícia del dia', '1.234', '800'],
      ['Altres 12 pàgines (menys de 5 visitants cadascuna)', '40', '25'],
    ]);
    expect(text()).toContain('En total, 1.300 pàgines vistes per 830 visitants en els darrers 5 minuts.');
    expect(container.querySelector('tbody a')?.getAttribute('href')).toBe('https://mesura.cat/noticia/1/');
    const audiences = [...container.querySelectorAll('.realtime-audience__item')].map((item) => item.textContent);
    expect(audiences).toEqual(['Mesura TV1.500 espectadors', 'Mesura 24< 5 espectadors', 'Mesura Ràdio0 oients']);
    expect(plots.at(-1)!.data[1]).toEqual(minutes.map((m) => m.pageViews));
    expect(container.querySelector('figure')?.getAttribute('aria-label')).toBe('Pàgines vistes per minut, de les 10:01 a les 10:30: 407 en total; 1 minut amb menys de 5 visitants no es mostra');

    latest().emit('snapshot', { ...SNAPSHOT, at: '2026-11-23T09:30:25.000Z', live: { ...SNAPSHOT.live, channels: [{ slug: 'mesura-tv', name: 'Mesura TV', viewers: 1600 }] } });
    expect(text()).toContain('actualitzat a les 10:30:25');
    expect(text()).toContain('1.600 espectadors');
  });

  it('keeps the last figures, faded, when an update fails or the connection drops, and says so', async () => {
    await render();
    latest().emit('snapshot', SNAPSHOT);
    latest().emit('failure', { error: 'the live figures could not be read; the next update tries again' });
    expect(status()).toBe("No s'han pogut llegir les dades d'aquest moment; es tornarà a provar.");
    expect(container.querySelector('.panel__stale')).not.toBeNull();
    latest().fail(0);
    expect(status()).toBe("S'ha perdut la connexió; s'està reconnectant…");
    expect(text()).toContain('La notícia del dia');
    latest().emit('snapshot', SNAPSHOT);
    expect(status()).toBe('En directe');
    expect(container.querySelector('.panel__stale')).toBeNull();
    expect(sources).toHaveLength(1);
  });

  it('shows an error when the browser gives up, and opens a new stream on "Torna-ho a provar"', async () => {
    await render();
    latest().fail(2);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain("No s'ha pogut obrir la connexió en directe.");
    const retry = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Torna-ho a provar')!;
    act(() => retry.click());
    expect(sources).toHaveLength(2);
    expect(sources[0]!.closed).toBe(true);
    expect(status()).toBe("S'està connectant amb les dades en directe…");
  });

  it('says the minutes had fewer visitors than the cohort rather than their figures', async () => {
    await render();
    latest().emit('snapshot', { ...SNAPSHOT, activePages: { minutes: 5, pages: [], total: null } });
    await settle();
    expect(text()).toContain('Menys de 5 visitants en els darrers 5 minuts.');
    expect(text()).not.toContain('En total');
  });

  it('treats a snapshot it cannot read as a failed update', async () => {
    await render();
    latest().emit('snapshot', SNAPSHOT);
    latest().emit('snapshot', '{"at":"ahir"}');
    expect(status()).toBe("No s'han pogut llegir les dades d'aquest moment; es tornarà a provar.");
  });

  it('closes the stream when the view goes', async () => {
    await render();
    const source = latest();
    mounted.unmount();
    expect(source.closed).toBe(true);
  });

  it('never links a page whose address is not a web address', async () => {
    await render();
    latest().emit('snapshot', { ...SNAPSHOT, activePages: { minutes: 5, pages: [{ url: 'javascript:alert(1)', title: 'X', pageViews: 9, visitors: 9 }], total: null } });
    expect(container.querySelector('tbody a')?.hasAttribute('href')).toBe(false);
  });
});

describe('parseRealtimeSnapshot', () => {
  it('reads a snapshot and refuses anything else', () => {
    expect(parseRealtimeSnapshot(JSON.stringify(SNAPSHOT))).toEqual(SNAPSHOT);
    for (const bad of [
      'not json',
      JSON.stringify({ ...SNAPSHOT, at: 'ahir' }),
      JSON.stringify({ ...SNAPSHOT, minutes: [{ start: SNAPSHOT.at, pageViews: -1 }] }),
      JSON.stringify({ ...SNAPSHOT, activePages: { minutes: 5, pages: [{ url: 1 }] } }),
      JSON.stringify({ ...SNAPSHOT, live: { seconds: 30, channels: [], stations: [{ slug: 'x', name: 'X', viewers: '3' }] } }),
    ]) {
      expect(parseRealtimeSnapshot(bad), bad.slice(0, 60)).toBeUndefined();
    }
  });
});
