// @vitest-environment happy-dom
import type { Broadcast, Station } from '@mesura/content';
import { act } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountedRoot } from '@mesura/test-utils/react';
import { SaveForLaterButton } from '../src/account/save-for-later-button';
import { RadioPlayer } from '../src/live/radio-player';
import { CATALAN_LABELS } from '../src/player/media-chrome-catalan';
import { PlayerControls } from '../src/player/player-controls';

// Toggle buttons, as a screen reader reads them (WAI-ARIA button pattern): either the name stays
// and aria-pressed tells the state ("Silencia, pressed"), or the name changes with the state and
// there is no aria-pressed. Both at once read "Pausa, pressed" of a station that plays.

const noop = () => undefined;

function subtitlesButton(on: boolean): { name: string; pressed: string | null } {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<PlayerControls subtitles={on} video marks={[]} onToggleSubtitles={noop} onChooseLevel={noop} />);
  const button = [...host.querySelectorAll('button')].find((b) => b.hasAttribute('aria-pressed'))!;
  return { name: button.textContent ?? '', pressed: button.getAttribute('aria-pressed') };
}

describe("the player's subtitles button", () => {
  it('keeps its name and says whether the subtitles show by aria-pressed', () => {
    expect(subtitlesButton(false)).toEqual({ name: 'Subtítols', pressed: 'false' });
    expect(subtitlesButton(true)).toEqual({ name: 'Subtítols', pressed: 'true' });
  });
});

describe("the player's play and mute buttons (media-chrome's)", () => {
  it('are named for what they do next, in Catalan, as media-chrome names them without aria-pressed', () => {
    expect([CATALAN_LABELS.play, CATALAN_LABELS.pause]).toEqual(['Reprodueix', 'Pausa']);
    expect([CATALAN_LABELS.mute, CATALAN_LABELS.unmute]).toEqual(['Silencia', 'Activa el so']);
  });
});

describe("the radio's play button", () => {
  it('is named for what it does next and has no aria-pressed', () => {
    const station: Station = { slug: 'mesura-radio', name: 'Mesura Ràdio', liveSrc: '/live/mesura-radio.m3u8', dvrWindowSeconds: 600 } as Station;
    const now: Broadcast = { id: 'r-1', channel: 'mesura-radio', title: 'El matí', start: '2026-11-26T05:00:00Z', end: '2026-11-26T11:00:00Z', genre: 'Magazín' };
    const host = document.createElement('div');
    host.innerHTML = renderToStaticMarkup(<RadioPlayer station={station} schedule={[now]} initial={now} dataLayerFor={() => ({ page: {}, video: {} }) as never} />);
    const button = host.querySelector('button.radio-player__toggle')!;
    expect(button.textContent).toBe('Escolta Mesura Ràdio');
    expect(button.hasAttribute('aria-pressed')).toBe(false);
  });
});

describe('"Desa per a més tard"', () => {
  const root = mountedRoot();
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'mesura_usuari=; max-age=0; path=/';
  });

  it('changes its name once saved, without aria-pressed', async () => {
    document.cookie = `mesura_usuari=${encodeURIComponent(JSON.stringify({ logat: true, id: 'v-1' }))}; path=/`;
    const answers: Record<string, unknown> = { 'GET /api/visitor/me': { id: 'v-1', name: 'Laia' }, 'GET /api/visitor/list': { items: [] }, 'PUT /api/visitor/list/article/1001': {} };
    vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => new Response(JSON.stringify(answers[`${init?.method ?? 'GET'} ${path}`] ?? {}), { status: 200 }));
    const container = await root.mount(
      <MemoryRouter initialEntries={['/noticia/1001/x/']}>
        <SaveForLaterButton item={{ type: 'article', id: '1001', title: 'x' }} detail={{ linkText: '', url: '', identificadorClic: '' }} />
      </MemoryRouter>,
    );
    const button = () => container.querySelector<HTMLButtonElement>('button.save-button')!;
    expect(button().textContent).toBe('Desa per a més tard');
    expect(button().hasAttribute('aria-pressed')).toBe(false);
    await act(async () => button().click());
    expect(button().textContent).toBe('Desat a «La meva llista»');
    expect(button().hasAttribute('aria-pressed')).toBe(false);
  });
});
