import type { Episode, EpisodeResponse, Programme, ProgrammeResponse } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { renderFirstView } from '../src/first-view';

const ORIGIN = 'http://site.invalid';
const image = { id: 'img-05', alt: 'Un plató' };

const programme = (slug: string, kind: Programme['kind']): Programme => ({
  slug,
  code: slug.toUpperCase(),
  title: `Programa ${slug}`,
  summary: 'Resum.',
  kind,
  genre: 'entreteniment',
  channel: 'mesura-1',
  producer: 'Mesura TV',
  image,
  seasons: [
    { number: 1, title: 'Temporada 1', year: 2025, episodes: [`${slug}-1-1`] },
    { number: 2, title: 'Temporada 2', year: 2026, episodes: [`${slug}-2-1`, `${slug}-2-2`] },
  ],
});
const PROGRAMMES = [programme('el-plato', 'video'), programme('la-tertulia', 'audio')];
const PLATO = PROGRAMMES[0]!;

const episode = (id: string, number: number): Episode => ({
  id,
  kind: 'video',
  programme: 'el-plato',
  season: 2,
  number,
  title: `Capítol ${number} del plató`,
  summary: 'De què va.',
  delivery: 'file',
  src: `/media/${id}.webm`,
  type: 'video/webm',
  lengthSeconds: 30,
  publishedAt: '2026-11-20T21:00:00+01:00',
  broadcastDate: '2026-11-19',
  image,
  chapters: [],
  adBreaks: [],
  themes: ['cultura'],
});
const EPISODES = [episode('el-plato-2-1', 1), episode('el-plato-2-2', 2)];

async function contentApi(path: string): Promise<Response> {
  const routes: Record<string, unknown> = {
    '/api/content/programmes': { programmes: PROGRAMMES },
    '/api/content/programmes/el-plato': { programme: PLATO, episodes: EPISODES } satisfies ProgrammeResponse,
    '/api/content/programmes/el-plato/seasons/2': { programme: PLATO, season: PLATO.seasons[1], episodes: EPISODES } satisfies ProgrammeResponse,
    '/api/content/episodes/el-plato-2-1': {
      episode: EPISODES[0]!,
      programme: PLATO,
      more: [{ type: 'episode', id: 'el-plato-2-2', title: 'Capítol 2 del plató', summary: '', path: '/video/el-plato-2-2/', image, label: PLATO.title }],
    } satisfies EpisodeResponse,
    '/api/content/episodes/la-tertulia-2-1': {
      episode: { ...EPISODES[0]!, id: 'la-tertulia-2-1', kind: 'audio', programme: 'la-tertulia', download: { path: '/media/t.webm', type: 'audio/webm', bytes: 240_000 } },
      programme: PROGRAMMES[1]!,
      more: [],
    } satisfies EpisodeResponse,
  };
  const body = routes[path];
  return body === undefined ? new Response('no', { status: 404 }) : Response.json(body);
}

async function firstView(path: string) {
  const view = await renderFirstView(ORIGIN + path, contentApi);
  return view && { ...view, html: view.html.replaceAll('<!-- -->', '').replaceAll(' data-discover="true"', '') };
}

describe('the programme pages', () => {
  it('/programes/ groups the programmes as TV and podcasts, each with its image and link', async () => {
    const view = await firstView('/programes/');
    expect(view?.html).toMatch(/<h2 id="televisio">Televisió<\/h2>.*href="\/programes\/el-plato\/".*<h2 id="podcasts">.*href="\/programes\/la-tertulia\/"/s);
    expect(view?.html).toContain('alt="Un plató"');
  });

  it('a programme lists its seasons and its latest episodes', async () => {
    const view = await firstView('/programes/el-plato/');
    expect(view?.title).toBe('Programa el-plato — Programes — Mesura.cat');
    expect(view?.html).toContain('<a href="/programes/el-plato/temporada-2/">Temporada 2</a>');
    expect(view?.html).toContain('(2026 · 2 capítols)');
    expect(view?.html).toContain('<a href="/video/el-plato-2-1/">Capítol 1 del plató</a>');
    expect((await firstView('/programes/no-existeix/'))?.notFound).toBe(true);
  });

  it('a season lists its episodes; a segment other than temporada-{n} or an unknown season is not found', async () => {
    const view = await firstView('/programes/el-plato/temporada-2/');
    expect(view?.html).toContain('<h1>Programa el-plato: Temporada 2</h1>');
    expect(view?.html).toContain('<a href="/video/el-plato-2-2/">Capítol 2 del plató</a>');
    expect(view?.html).toContain('<a href="/programes/el-plato/temporada-1/">Temporada 1</a>');
    for (const path of ['/programes/el-plato/temporada-9/', '/programes/el-plato/temporada-x/', '/programes/el-plato/capitols/']) {
      expect((await firstView(path))?.notFound, path).toBe(true);
    }
  });

  it("an episode's page has its programme, season, broadcast date, player and more episodes; the wrong kind is not found", async () => {
    const view = await firstView('/video/el-plato-2-1/');
    expect(view?.html).toContain('<a href="/programes/el-plato/">Programa el-plato</a>');
    expect(view?.html).toContain('<a href="/programes/el-plato/temporada-2/">Temporada 2</a>');
    expect(view?.html).toContain('<h1 class="article__title">Capítol 1 del plató</h1>');
    expect(view?.html).toContain('Emès el <time dateTime="2026-11-19">19 de novembre del 2026</time>');
    expect(view?.html).toContain('class="player__content"');
    expect(view?.html).toContain('<a href="/video/el-plato-2-2/">Capítol 2 del plató</a>');
    expect((await firstView('/audio/el-plato-2-1/'))?.notFound).toBe(true);
  });

  it('a podcast episode offers its audio file as a download', async () => {
    const view = await firstView('/audio/la-tertulia-2-1/');
    expect(view?.html).toMatch(/<a class="download-link" href="\/media\/t.webm" data-mesura-call="scDescarregar" data-mesura-detail="[^"]+" download="la-tertulia-2-1.webm">Descarrega l&#x27;episodi/);
    expect((await firstView('/video/el-plato-2-1/'))?.html).not.toContain('download-link');
  });
});
