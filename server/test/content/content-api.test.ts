/**
 * The public content read API (server/src/content/) on a real server: seeded on first start, each
 * path of packages/content api.ts answers its shape without an account, unknown ids 404, bad
 * parameters 400, and a restart reads the stored content instead of seeding again.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { contentApi } from '@mesura/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DB_FILE_NAME, loadContentStore } from '../../src/store/duckdb/duckdb-content.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const NOW = Date.parse('2026-11-24T20:30:00Z');
let test: TestServer;
beforeAll(async () => {
  test = await startTestServer({}, () => NOW);
});
afterAll(() => test.dispose());

async function get(url: string) {
  const response = await test.server.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as Record<string, any>, cache: response.headers['cache-control'] };
}

describe('the content read API', () => {
  it('answers the home page: the newest article as lead, a rail per section, episodes and what is on air', async () => {
    const { status, body, cache } = await get(contentApi.home());
    expect(status).toBe(200);
    expect(cache).toMatch(/^public, max-age=\d+$/);
    expect(body.lead).toMatchObject({ type: 'article', path: expect.stringMatching(/^\/noticia\/\d+\/[a-z0-9-]+\/$/) });
    expect(body.rails.length).toBeGreaterThanOrEqual(6);
    expect(body.media.length).toBeGreaterThan(0);
    expect(body.onAir.map((entry: any) => entry.now.title)).toContain('Mesura Notícies vespre');
  });

  it('answers an article with its section, author, themes and related items', async () => {
    const { status, body } = await get(contentApi.article('1001'));
    expect(status).toBe(200);
    expect(body.article).toMatchObject({ id: '1001', slug: 'parlament-aprova-llei-habitatge-assequible' });
    expect(body.section.slug).toBe('politica');
    expect(body.author.name).toBe('Laia Puig');
    expect(body.themes.map((t: any) => t.slug)).toContain('habitatge');
    expect(Array.isArray(body.related)).toBe(true);
  });

  it('answers fronts, authors, themes, programmes, seasons, episodes, channels, stations, search and weather', async () => {
    expect((await get(contentApi.section('politica'))).body.teasers.length).toBeGreaterThan(0);
    expect((await get(contentApi.section('societat', 'salut'))).body.subsection.slug).toBe('salut');
    expect((await get(contentApi.author('laia-puig'))).body.teasers.length).toBeGreaterThan(0);
    expect((await get(contentApi.theme('sequera'))).body.teasers.length).toBeGreaterThan(0);
    expect((await get(contentApi.programmes())).body.programmes).toHaveLength(8);
    expect((await get(contentApi.programme('el-reportatge', 2))).body.episodes.length).toBe(4);
    expect((await get(contentApi.episode('clip-de-prova'))).body.episode.lengthSeconds).toBe(12);
    const channel = (await get(contentApi.channel('mesura-tv'))).body;
    expect(channel.now.title).toBe('Mesura Notícies vespre');
    expect(channel.guide.length).toBeGreaterThan(3);
    expect((await get(contentApi.station('mesura-radio'))).body.podcasts.map((p: any) => p.slug)).toContain('mesura-radio-podcast');
    const search = (await get(contentApi.search('habitatge'))).body;
    expect(search.total).toBeGreaterThan(0);
    expect(search.counts.article).toBeGreaterThan(0);
    expect((await get(contentApi.places('gir'))).body.places.map((p: any) => p.slug)).toEqual(['girona']);
    const forecast = (await get(contentApi.forecast('girona'))).body;
    expect(forecast.days).toHaveLength(7);
    expect(forecast.days[0].date).toBe('2026-11-24');
    // Today's and tomorrow's hours, and where the place is (for the weather map).
    expect(forecast.hours.map((h: any) => `${h.date} ${h.hour}`).slice(22, 26)).toEqual(['2026-11-24 22', '2026-11-24 23', '2026-11-25 0', '2026-11-25 1']);
    expect(forecast.hours).toHaveLength(48);
    expect(forecast.place).toMatchObject({ slug: 'girona', latitude: 41.9794, longitude: 2.8214 });
  });

  it('answers 404 for what does not exist and 400 for a malformed parameter, with one-line errors', async () => {
    for (const url of [
      contentApi.article('9999'),
      contentApi.section('no-such'),
      contentApi.section('politica', 'salut'),
      contentApi.programme('el-reportatge', 9),
      contentApi.episode('no-such'),
      contentApi.forecast('atlantida'),
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body.code).toBe('MESURA_ERR_NOT_FOUND');
      expect(body.error).not.toContain('\n');
    }
    for (const url of [
      '/api/content/articles/DROP%20TABLE',
      '/api/content/programmes/el-reportatge/seasons/0',
      `/api/content/search?q=${'x'.repeat(201)}`,
      '/api/content/search?q=llei&type=tot',
      '/api/content/search',
    ]) {
      expect((await get(url)).status, url).toBe(400);
    }
  });

  it('keeps its content in its own file and reads it back instead of seeding again', async () => {
    expect(existsSync(path.join(test.dataDir, CONTENT_DB_FILE_NAME))).toBe(true);
    const again = await loadContentStore(test.dataDir, () => {
      throw new Error('seeded twice');
    });
    expect(again.articles.length).toBeGreaterThanOrEqual(60);
  });
});
