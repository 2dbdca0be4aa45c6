import { contentApi, type HomeResponse, type MediaResponse, type Programme, type ProgrammeResponse, type Teaser } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { renderFirstView } from '../src/first-view';

// The media front (/videos/) shows its own answer (GET /api/content/media), newest videos and
// newest audios each in its own list; the home page's media rail leads to it; a programme with
// nothing published yet says so.

const ORIGIN = 'http://site.invalid';
const image = { id: 'img-05', alt: 'Un plató' };
const teaser = (kind: 'video' | 'audio', n: number): Teaser => ({
  type: 'episode',
  id: `${kind}-${n}`,
  title: `${kind === 'video' ? 'Vídeo' : 'Àudio'} ${n}`,
  summary: 'De què va.',
  path: `/${kind}/${kind}-${n}/`,
  image,
  publishedAt: `2026-11-2${n}T20:00:00+01:00`,
  label: 'Programa',
});
const MEDIA: MediaResponse = { videos: [teaser('video', 2), teaser('video', 1)], audios: [teaser('audio', 3)] };
const HOME: HomeResponse = { rails: [], media: [teaser('audio', 3)], onAir: [] };
const NEW_PROGRAMME: Programme = {
  slug: 'nou',
  code: 'NOU',
  title: 'Programa nou',
  summary: 'Aviat.',
  kind: 'audio',
  genre: 'Música',
  channel: 'mesura-musica',
  producer: 'Mesura Ràdio',
  image,
  seasons: [],
};

/** The content API with these answers only: any other path is 404. */
const fetchContent = (answers: Record<string, unknown>) => async (path: string) => (path in answers ? Response.json(answers[path]) : new Response('no', { status: 404 }));

async function firstView(path: string, answers: Record<string, unknown>) {
  const view = await renderFirstView(ORIGIN + path, fetchContent(answers));
  return { ...view, html: view.html.replaceAll('<!-- -->', '').replaceAll(' data-discover="true"', '') };
}

describe('the media front /videos/', () => {
  it('shows the newest videos and the newest audios, each under its heading, from the media answer', async () => {
    const view = await firstView('/videos/', { [contentApi.media()]: MEDIA });
    expect(view.title).toBe('Vídeos i àudios — Mesura.cat');
    expect(view.notFound).toBe(false);
    expect(view.html).toMatch(
      /<h2 id="videos-recents">Vídeos<\/h2>.*href="\/video\/video-2\/".*href="\/video\/video-1\/".*<h2 id="audios-recents">Àudios i pòdcasts<\/h2>.*href="\/audio\/audio-3\/"/s,
    );
  });

  it('leaves out a kind with nothing published', async () => {
    const view = await firstView('/videos/', { [contentApi.media()]: { videos: [], audios: MEDIA.audios } });
    expect(view.html).not.toContain('videos-recents');
    expect(view.html).toContain('href="/audio/audio-3/"');
  });
});

describe("the home page's media rail", () => {
  it('leads to the media front, named as that page is', async () => {
    const view = await firstView('/', { [contentApi.home()]: HOME });
    expect(view.html).toContain('<h2 id="rail-media" class="section-heading"><a href="/videos/">Vídeos i àudios</a></h2>');
  });

  it('renders without a lead story while no article is published', async () => {
    const view = await firstView('/', { [contentApi.home()]: HOME });
    expect(view.notFound).toBe(false);
    expect(view.html).not.toContain('home-lead');
  });
});

describe('the programmes', () => {
  it('/programes/ leads to the media front too', async () => {
    const view = await firstView('/programes/', { [contentApi.programmes()]: { programmes: [NEW_PROGRAMME] } });
    expect(view.html).toContain('<a href="/videos/">Vídeos i àudios</a>');
  });

  it('a programme with no season published yet says so instead of an empty list', async () => {
    const view = await firstView('/programes/nou/', { [contentApi.programme('nou')]: { programme: NEW_PROGRAMME, episodes: [] } satisfies ProgrammeResponse });
    expect(view.html).toContain('Encara no hi ha cap capítol publicat.');
    expect(view.html).not.toContain('class="season-list"');
  });
});
