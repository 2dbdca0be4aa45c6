/**
 * The podcasts' RSS feeds (server/src/content/podcast-feed*.ts) on a real server: a podcast answers
 * RSS 2.0 with its published episodes, the site's content type and cache headers and an ETag; a TV
 * programme or an unknown one answers 404, a malformed slug 400; every text is escaped as XML and
 * no address comes from the request's Host. e2e/podcast-feeds parses them and fetches the files.
 */
import { createSeedContent, sitePaths, type Episode, type Programme } from '@mesura/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createContentCatalog } from '../../src/content/content-catalog.js';
import { PODCAST_FEED_CACHE_CONTROL, PODCAST_FEED_CONTENT_TYPE, podcastFeedRoutes } from '../../src/content/podcast-feed-routes.js';
import { podcastFeed, xmlText } from '../../src/content/podcast-feed.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** After every seeded podcast episode is out (the last ones come out in December 2026). */
const NOW = Date.parse('2027-01-10T12:00:00Z');
let test: TestServer;
/** A server's start takes seconds, more on a busy machine. */
const SERVER_START_TIMEOUT_MS = 60_000;
beforeAll(async () => {
  test = await startTestServer({}, () => NOW);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => test.dispose());

const get = (url: string, headers: Record<string, string> = {}) => test.server.app.inject({ method: 'GET', url, headers });
const items = (xml: string) => xml.match(/<item>.*?<\/item>/gs) ?? [];

describe('a podcast feed', () => {
  it('answers RSS 2.0 with every published episode, newest first, as the site answers its public files', async () => {
    const response = await get(sitePaths.podcastFeed('musica-per-a-tothom'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(PODCAST_FEED_CONTENT_TYPE);
    expect(response.headers['cache-control']).toBe(PODCAST_FEED_CACHE_CONTROL);
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" /);
    expect(xml).toContain('<language>ca</language>');
    expect(xml).toContain('<itunes:category text="Music"/>');
    const found = items(xml);
    expect(found).toHaveLength(5);
    expect(found[0]).toContain('<title>Concerts a la fresca</title>');
    expect(found[0]).toContain('<itunes:season>2</itunes:season><podcast:season>2</podcast:season><itunes:episode>2</itunes:episode>');
    expect(found[0]).toMatch(/<enclosure url="http:\/\/localhost:\d+\/media\/podcasts\/musica-per-a-tothom-t2-e2\.mp3" length="3840192" type="audio\/mpeg"\/>/);
    expect(found[0]).toContain('<guid isPermaLink="false">mesura-episodi-musica-per-a-tothom-t2-e2</guid>');
    expect(found[0]).toContain('<itunes:duration>480</itunes:duration>');
  });

  it('lists only the episodes already published', async () => {
    const at = Date.parse('2026-12-02T12:00:00Z');
    // The routes alone over the seeded catalog, at a time when only some episodes are out.
    const app = Fastify();
    await app.register(podcastFeedRoutes, { catalog: createContentCatalog(createSeedContent()), siteOrigin: 'https://mesura.cat', now: () => at });
    const xml = (await app.inject({ method: 'GET', url: sitePaths.podcastFeed('musica-per-a-tothom') })).body;
    const out = createSeedContent().episodes.filter((e) => e.programme === 'musica-per-a-tothom' && Date.parse(e.publishedAt) <= at);
    expect(out.length).toBeGreaterThan(0);
    expect(out.length).toBeLessThan(5);
    expect(items(xml)).toHaveLength(out.length);
    await app.close();
  });

  it('answers 304 to a reader that has the same feed', async () => {
    const first = await get(sitePaths.podcastFeed('la-classica'));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(sitePaths.podcastFeed('la-classica'), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('takes no address from the request: a forged Host changes nothing', async () => {
    const plain = await get(sitePaths.podcastFeed('la-classica'));
    const forged = await get(sitePaths.podcastFeed('la-classica'), { host: 'evil.example' });
    expect(forged.body).toBe(plain.body);
    expect(forged.body).not.toContain('evil.example');
  });

  it('answers 404 for a TV programme and an unknown one, 400 for a malformed slug', async () => {
    expect((await get(sitePaths.podcastFeed('el-reportatge'))).statusCode).toBe(404);
    expect((await get(sitePaths.podcastFeed('no-existeix'))).statusCode).toBe(404);
    const bad = await get('/programes/Mal%20Nom/podcast.xml');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'MESURA_ERR_BAD_QUERY' });
  });
});

describe('the feed document', () => {
  const programme = {
    slug: 'prova',
    title: 'Rock & <roll> "en" directe',
    summary: "L'última <b>",
    kind: 'audio',
    genre: 'Gènere desconegut',
    producer: 'A & B',
    image: { id: 'img-11', alt: '' },
    seasons: [],
  } as unknown as Programme;
  const episode = {
    id: 'prova-t1-e1',
    kind: 'audio',
    season: 1,
    number: 1,
    title: 'Primer </title><script>',
    summary: 'x\u0007y',
    publishedAt: '2026-10-05T21:00:00+02:00',
    lengthSeconds: 300,
    image: { id: 'img-11', alt: '' },
    download: { path: '/media/podcasts/prova-t1-e1.mp3', type: 'audio/mpeg', bytes: 2_400_192 },
  } as unknown as Episode;

  it('escapes every text as XML and leaves out characters XML cannot hold', () => {
    const xml = podcastFeed({ programme, episodes: [episode], siteOrigin: 'https://mesura.cat' });
    expect(xml).toContain('<title>Rock &amp; &lt;roll&gt; &quot;en&quot; directe</title>');
    expect(xml).toContain('<description>L&apos;última &lt;b&gt;</description>');
    expect(xml).toContain('<title>Primer &lt;/title&gt;&lt;script&gt;</title>');
    expect(xml).toContain('<description>xy</description>');
    expect(xml).toContain('<itunes:author>A &amp; B</itunes:author>');
    expect(xml).toContain('<itunes:category text="Society &amp; Culture"/>');
    expect(xml).toContain('<pubDate>Mon, 05 Oct 2026 19:00:00 GMT</pubDate>');
    expect(xml).toContain('<atom:link href="https://mesura.cat/programes/prova/podcast.xml" rel="self" type="application/rss+xml"/>');
  });

  it('leaves out an episode without a file to download', () => {
    const { download: _none, ...withoutFile } = episode;
    expect(items(podcastFeed({ programme, episodes: [withoutFile as Episode], siteOrigin: 'https://mesura.cat' }))).toEqual([]);
  });

  it('escapes the five XML characters', () => {
    expect(xmlText(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
