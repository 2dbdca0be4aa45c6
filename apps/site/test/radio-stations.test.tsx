/**
 * Every radio station is reachable from every page that offers one: /radio/ lists them all with
 * what is on now and next, a station's page and its pop-out window offer the others, /directes/
 * lists them under the TV channels; a podcast's page links its feed (visibly and in head), a TV
 * programme's does not. Rendered as the server's first view, so a visitor without JavaScript and
 * a crawler see the same links.
 */
import type { Broadcast, Programme, Station, StationResponse, StationsResponse } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { renderFirstView } from '../src/first-view';
import { radioIndexFields } from '../src/live/live-page-fields';

const ORIGIN = 'http://site.invalid';
const station = (slug: string, name: string): Station => ({ slug, name, liveSrc: `/live/${slug}/index.m3u8`, dvrWindowSeconds: 600 });
const STATIONS = [station('mesura-radio', 'Mesura Ràdio'), station('mesura-musica', 'Mesura Música'), station('mesura-classica', 'Mesura Clàssica')];
const broadcast = (channel: string, title: string, start: string, end: string): Broadcast => ({ id: `${channel}-${start}`, channel, title, start, end, genre: 'Música' });
const onAir = (s: Station) => ({
  station: s,
  now: broadcast(s.slug, `Ara a ${s.name}`, '2026-11-28T10:00:00+01:00', '2026-11-28T12:00:00+01:00'),
  next: broadcast(s.slug, `Després a ${s.name}`, '2026-11-28T12:00:00+01:00', '2026-11-28T14:00:00+01:00'),
});
const STATIONS_ANSWER: StationsResponse = { stations: STATIONS.map(onAir) };
const programme = (slug: string, kind: Programme['kind']): Programme => ({
  slug,
  code: slug.toUpperCase(),
  title: `Programa ${slug}`,
  summary: 'Resum.',
  kind,
  genre: 'Música',
  channel: 'mesura-musica',
  producer: 'Mesura Ràdio',
  image: { id: 'img-11', alt: '' },
  seasons: [],
});

async function contentApi(path: string): Promise<Response> {
  const musica = onAir(STATIONS[1]!);
  const routes: Record<string, unknown> = {
    '/api/content/stations': STATIONS_ANSWER,
    '/api/content/stations/mesura-musica': { ...musica, schedule: [musica.now, musica.next], podcasts: [] } satisfies StationResponse,
    '/api/content/channels': { channels: [] },
    '/api/content/programmes': { programmes: [] },
    '/api/content/programmes/la-musica': { programme: programme('la-musica', 'audio'), episodes: [] },
    '/api/content/programmes/el-plato': { programme: programme('el-plato', 'video'), episodes: [] },
  };
  const body = routes[path];
  return body === undefined ? new Response('no', { status: 404 }) : Response.json(body);
}

async function firstView(path: string) {
  const view = await renderFirstView(ORIGIN + path, contentApi);
  return { ...view, html: view.html.replaceAll('<!-- -->', '').replaceAll(' data-discover="true"', '') };
}

/** The links of the page's own content (the layout's header and footer left out). */
const linksIn = (html: string) => {
  const main = /<main[^>]*>(.*)<\/main>/s.exec(html)?.[1] ?? html;
  return [...main.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]);
};

describe('the radio stations', () => {
  it('/radio/ lists every station, each with what is on now and next', async () => {
    const view = await firstView('/radio/');
    expect(view.notFound).toBe(false);
    expect(view.title).toBe('Ràdio en directe — Mesura.cat');
    expect(linksIn(view.html)).toEqual(['/radio/mesura-radio/', '/radio/mesura-musica/', '/radio/mesura-classica/']);
    for (const s of STATIONS) {
      expect(view.html).toContain(`Ara a ${s.name}`);
      expect(view.html).toContain(`Després a ${s.name}`);
    }
  });

  it("a station's page offers the other stations and leads back to /radio/", async () => {
    const links = linksIn((await firstView('/radio/mesura-musica/')).html);
    expect(links).toContain('/radio/');
    expect(links).toContain('/radio/mesura-radio/');
    expect(links).toContain('/radio/mesura-classica/');
    expect(links).not.toContain('/radio/mesura-musica/');
  });

  it('the pop-out window offers the other stations in the pop-out', async () => {
    const links = linksIn((await firstView('/radio/finestra/mesura-musica/')).html);
    expect(links).toEqual(expect.arrayContaining(['/radio/finestra/mesura-radio/', '/radio/finestra/mesura-classica/', '/radio/mesura-musica/']));
  });

  it('/directes/ lists the stations under the channels', async () => {
    const links = linksIn((await firstView('/directes/')).html);
    expect(links).toEqual(expect.arrayContaining(['/radio/', '/radio/mesura-radio/', '/radio/mesura-musica/', '/radio/mesura-classica/']));
  });

  it('/radio/ is measured as the stations index', () => {
    expect(radioIndexFields()).toEqual({ seccio: 'radio', pageType: 'radio-emissores', pageName: 'mesura:radio', tipusEmisio: 'directe' });
  });
});

describe("a podcast's feed link", () => {
  it("is on a podcast's page, visible and as a <link rel=alternate> for the document's head", async () => {
    const view = await firstView('/programes/la-musica/');
    expect(view.headLinks).toBe('<link rel="alternate" type="application/rss+xml" href="/programes/la-musica/podcast.xml" title="Programa la-musica (pòdcast)"/>');
    expect(view.html).not.toContain('<link rel="alternate"');
    expect(view.html).toMatch(/<a class="podcast-feed__link" href="\/programes\/la-musica\/podcast.xml" type="application\/rss\+xml">Subscriu-t&#x27;hi \(RSS\)<\/a>/);
  });

  it("is not on a TV programme's page", async () => {
    const view = await firstView('/programes/el-plato/');
    expect(view.headLinks).toBe('');
    expect(view.html).not.toContain('podcast.xml');
  });
});
