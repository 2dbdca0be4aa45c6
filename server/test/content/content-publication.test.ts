/**
 * Scheduled publication in the content API (server/src/content/): an article or episode whose
 * `publishedAt` has not come is in no answer (home, fronts, programmes, seasons, "more episodes",
 * related items, search, a station's podcasts) and its own id answers 404; once the server's clock
 * passes it, it is there, with no restart. The seed schedules "Música per a tothom" and "La
 * clàssica" from 27 November 2026 to 12 December 2026.
 */
import { contentApi, createSeedContent, type ContentSet } from '@mesura/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentCatalog } from '../../src/content/content-catalog.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const TODAY = Date.parse('2026-11-26T12:00:00Z');
const CLASSICA_E1_AT = Date.parse('2026-12-08T02:00:00Z');
let nowMs = TODAY;
let test: TestServer;
beforeAll(async () => {
  test = await startTestServer({}, () => nowMs);
});
afterAll(() => test.dispose());

async function get(url: string) {
  const response = await test.server.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

/** Every `publishedAt` anywhere in an answer, teasers and episodes alike. */
function publicationTimes(body: unknown): number[] {
  return JSON.stringify(body)
    .match(/"publishedAt":"[^"]+"/g)!
    .map((field) => Date.parse(field.slice('"publishedAt":"'.length, -1)));
}

describe('the content API before an item is published', () => {
  it('lists nothing scheduled later on the home page, fronts, author and theme pages', async () => {
    nowMs = TODAY;
    for (const url of [contentApi.home(), contentApi.section('cultura'), contentApi.author('laia-puig'), contentApi.theme('habitatge'), contentApi.programme('el-reportatge')]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(200);
      for (const time of publicationTimes(body)) expect(time, url).toBeLessThanOrEqual(TODAY);
    }
    const home = (await get(contentApi.home())).body;
    expect(home.media.map((t: any) => t.id)).not.toContain('musica-per-a-tothom-t1-e1');
    expect(home.media[0].id).toBe('mesura-radio-podcast-t1-e3');
  });

  it('answers 404 for a scheduled episode and for a season with nothing published yet', async () => {
    nowMs = TODAY;
    for (const url of [
      contentApi.episode('la-classica-t1-e1'),
      contentApi.episode('musica-per-a-tothom-t1-e1'),
      contentApi.programme('la-classica', 1),
      contentApi.programme('musica-per-a-tothom', 2),
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it("shows a programme's seasons with only their published episodes, on its page, in the index and on its station", async () => {
    nowMs = TODAY;
    const classica = (await get(contentApi.programme('la-classica'))).body;
    expect(classica.programme.seasons).toEqual([]);
    expect(classica.episodes).toEqual([]);
    const listed = (await get(contentApi.programmes())).body.programmes.find((p: any) => p.slug === 'la-classica');
    expect(listed.seasons).toEqual([]);
    const station = (await get(contentApi.station('mesura-classica'))).body;
    expect(station.podcasts.find((p: any) => p.slug === 'la-classica').seasons).toEqual([]);
  });

  it('names only published episodes in an episode\'s programme and its "more episodes"', async () => {
    // 30 November: the first two episodes of "Música per a tothom" are out, the third on 1 December.
    nowMs = Date.parse('2026-11-30T12:00:00Z');
    const episode = (await get(contentApi.episode('musica-per-a-tothom-t1-e1'))).body;
    expect(episode.programme.seasons).toEqual([expect.objectContaining({ number: 1, episodes: ['musica-per-a-tothom-t1-e1', 'musica-per-a-tothom-t1-e2'] })]);
    expect(episode.more.map((t: any) => t.id)).toEqual(['musica-per-a-tothom-t1-e2']);
    const season = (await get(contentApi.programme('musica-per-a-tothom', 1))).body;
    expect(season.episodes.map((e: any) => e.id)).toEqual(['musica-per-a-tothom-t1-e1', 'musica-per-a-tothom-t1-e2']);
  });

  it('leaves scheduled episodes out of related items and the search', async () => {
    nowMs = TODAY;
    const article = (await get(contentApi.article('1038'))).body;
    expect(article.related.map((t: any) => t.id)).not.toContain('la-classica-t1-e1');
    const search = (await get(contentApi.search('clàssica', 'episode'))).body;
    expect(search.results).toEqual([]);
    expect(search.counts.episode).toBe(0);
    expect((await get(contentApi.search('Mompou'))).body.total).toBe(0);
  });
});

describe('the content API once the time has come', () => {
  it('serves the episode, lists it and finds it, with the same server (no restart)', async () => {
    nowMs = CLASSICA_E1_AT - 1000;
    expect((await get(contentApi.episode('la-classica-t1-e1'))).status).toBe(404);
    nowMs = CLASSICA_E1_AT;
    expect((await get(contentApi.episode('la-classica-t1-e1'))).status).toBe(200);
    const home = (await get(contentApi.home())).body;
    expect(home.media[0].id).toBe('la-classica-t1-e1');
    expect((await get(contentApi.programme('la-classica', 1))).body.episodes.map((e: any) => e.id)).toEqual(['la-classica-t1-e1']);
    expect((await get(contentApi.article('1038'))).body.related.map((t: any) => t.id)).toContain('la-classica-t1-e1');
    expect((await get(contentApi.search('clàssica', 'episode'))).body.results.map((t: any) => t.id)).toEqual(['la-classica-t1-e1']);
    expect((await get(contentApi.episode('la-classica-t1-e2'))).status).toBe(404);
  });
});

describe('a scheduled article', () => {
  // The seed schedules no article; this content set schedules 1001 for tomorrow.
  const seed = createSeedContent();
  const scheduled: ContentSet = { ...seed, articles: seed.articles.map((a) => (a.id === '1001' ? { ...a, publishedAt: '2026-11-27T08:00:00+01:00' } : a)) };
  const catalog = createContentCatalog(scheduled);
  const today = new Date(TODAY);
  const tomorrow = new Date('2026-11-27T07:00:00Z');
  const ids = (teasers: { id: string }[]) => teasers.map((t) => t.id);

  it('is no lead, in no rail, front, author or theme page, no search result, and not found by its id', () => {
    const home = catalog.home(today);
    expect(home.lead?.id).not.toBe('1001');
    expect(home.rails.flatMap((rail) => ids(rail.teasers))).not.toContain('1001');
    expect(ids(catalog.section('politica', undefined, today)!.teasers)).not.toContain('1001');
    expect(ids(catalog.author('laia-puig', today)!.teasers)).not.toContain('1001');
    expect(ids(catalog.theme('habitatge', today)!.teasers)).not.toContain('1001');
    expect(ids(catalog.search('llei habitatge', undefined, today).results)).not.toContain('1001');
    expect(catalog.article('1001', today)).toBeUndefined();
    for (const article of scheduled.articles) expect(ids(catalog.article(article.id, today)?.related ?? [])).not.toContain('1001');
  });

  it('is all of them once its time has come', () => {
    expect(catalog.home(tomorrow).lead?.id).toBe('1001');
    expect(ids(catalog.section('politica', undefined, tomorrow)!.teasers)[0]).toBe('1001');
    expect(ids(catalog.search('llei habitatge', undefined, tomorrow).results)).toContain('1001');
    expect(catalog.article('1001', tomorrow)?.article.id).toBe('1001');
  });

  it('leaves the home page without a lead while no article is published', () => {
    const home = catalog.home(new Date('2020-01-01T00:00:00Z'));
    expect(home.lead).toBeUndefined();
    expect(home.rails.every((rail) => rail.teasers.length === 0)).toBe(true);
    expect(home.media).toEqual([]);
  });
});
