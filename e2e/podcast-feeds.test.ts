/**
 * Every podcast programme's feed, as a podcast app reads it: the built server's
 * /programes/{programa}/podcast.xml parsed with rss-parser, the channel and item tags apps need
 * present, and each enclosure fetched: 200, audio/mpeg, exactly the bytes its length says. The
 * programme's server-rendered page links the feed (a visible link and a <link rel="alternate">
 * in head), and an episode's MP3 plays in the site's player in Chromium.
 */
import { contentApi, sitePaths, type Programme, type ProgrammeResponse, type ProgrammesResponse } from '@mesura/content';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, launchChromium, newVisitorPage } from './helpers/browser.js';
import { emptyDataDir, removeDataDir, startServerProcess, stopServerProcess, type ServerProcess } from './helpers/server-process.js';

/** Seconds of an episode that must play for it to count as playing. */
const PLAYED_S = 1;
const PLAYBACK_TIMEOUT_MS = 20_000;

type AtomLink = { $: { href: string; rel: string; type?: string } };
const parser = new Parser<{ 'atom:link'?: AtomLink | AtomLink[] }>({ customFields: { feed: ['atom:link'] } });

let server: ServerProcess;
let podcasts: Programme[];
const dataDir = emptyDataDir();
beforeAll(async () => {
  server = await startServerProcess({ dataDir });
  const { programmes } = (await (await fetch(server.baseUrl + contentApi.programmes())).json()) as ProgrammesResponse;
  podcasts = programmes.filter((programme) => programme.kind === 'audio');
});
afterAll(async () => {
  if (server) await stopServerProcess(server);
  removeDataDir(dataDir);
});

/** The ids of a programme's published episodes that have a file to download, from the content API. */
async function downloadableEpisodes(programme: Programme): Promise<string[]> {
  const seasons = await Promise.all(
    programme.seasons.map(async (season) => ((await (await fetch(server.baseUrl + contentApi.programme(programme.slug, season.number))).json()) as ProgrammeResponse).episodes),
  );
  return seasons.flat().flatMap((episode) => (episode.download ? [episode.id] : []));
}

async function feedOf(programme: Programme) {
  const response = await fetch(server.baseUrl + sitePaths.podcastFeed(programme.slug));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toMatch(/^public, /);
  const xml = await response.text();
  return { xml, feed: await parser.parseString(xml) };
}

describe('the podcast feeds', () => {
  it('exist for every podcast programme, with the channel tags podcast apps read', async () => {
    expect(podcasts.map((p) => p.slug).sort()).toEqual(['la-classica', 'mesura-radio-podcast', 'musica-per-a-tothom']);
    for (const programme of podcasts) {
      const { xml, feed } = await feedOf(programme);
      const self = server.baseUrl + sitePaths.podcastFeed(programme.slug);
      expect(feed).toMatchObject({ title: programme.title, description: programme.summary, language: 'ca', link: server.baseUrl + sitePaths.programme(programme.slug) });
      expect(feed.itunes?.image).toMatch(new RegExp(`^${server.baseUrl}/imatges/${programme.image.id}-\\d+\\.jpg$`));
      expect(feed.itunes?.author).toBe(programme.producer);
      expect(feed.itunes?.categories?.length).toBeGreaterThan(0);
      expect([feed['atom:link']].flat()).toContainEqual({ $: { href: self, rel: 'self', type: 'application/rss+xml' } });
      // Every published episode with a file (a programme whose first episode is still to come has none yet).
      const published = await downloadableEpisodes(programme);
      expect(feed.items.map((item) => item.guid).sort(), programme.slug).toEqual(published.map((id) => `mesura-episodi-${id}`).sort());
      expect(xml.match(/<guid isPermaLink="false">/g) ?? []).toHaveLength(feed.items.length);
      // The artwork is served.
      expect((await fetch(feed.itunes!.image!)).status).toBe(200);
    }
  });

  it('hold episodes: the seeded podcasts have published ones', async () => {
    const counts = await Promise.all(podcasts.map(async (programme) => (await feedOf(programme)).feed.items.length));
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
  });

  it('give every episode its title, description, GUID, date, duration, numbers and an enclosure served with exactly its length', async () => {
    for (const programme of podcasts) {
      const { feed } = await feedOf(programme);
      const guids = new Set<string>();
      for (const item of feed.items) {
        expect(item.title).toBeTruthy();
        expect(item.content ?? item.contentSnippet).toBeTruthy();
        expect(item.guid).toMatch(/^mesura-episodi-[a-z0-9-]+$/);
        guids.add(item.guid!);
        expect(Number.isNaN(Date.parse(item.pubDate ?? ''))).toBe(false);
        expect(Number(item.itunes?.duration)).toBeGreaterThanOrEqual(180);
        expect(Number(item.itunes?.season)).toBeGreaterThanOrEqual(1);
        expect(Number(item.itunes?.episode)).toBeGreaterThanOrEqual(1);
        const enclosure = item.enclosure!;
        expect(enclosure.type).toBe('audio/mpeg');
        const file = await fetch(enclosure.url);
        expect(file.status, enclosure.url).toBe(200);
        expect(file.headers.get('content-type')).toMatch(/^audio\/mpeg/);
        expect((await file.arrayBuffer()).byteLength, enclosure.url).toBe(Number(enclosure.length));
      }
      expect(guids.size).toBe(feed.items.length);
    }
  });

  it("are linked from their programme's server-rendered page: «Subscriu-t'hi (RSS)» and a <link rel=alternate> in head", async () => {
    for (const programme of podcasts) {
      const html = await (await fetch(server.baseUrl + sitePaths.programme(programme.slug))).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const feed = sitePaths.podcastFeed(programme.slug);
      expect(head).toMatch(new RegExp(`<link rel="alternate" type="application/rss\\+xml" href="${feed}"`));
      expect(html).toMatch(new RegExp(`<a class="podcast-feed__link" href="${feed}"[^>]*>Subscriu-t&#x27;hi \\(RSS\\)</a>`));
    }
    const tv = await (await fetch(`${server.baseUrl}/programes/el-reportatge/`)).text();
    expect(tv).not.toContain('application/rss+xml');
  });

  it("plays an episode's MP3 in the site's player in Chromium", async () => {
    const browser = await launchChromium({ autoplay: true });
    try {
      const page = await newVisitorPage(browser);
      await gotoReady(page, `${server.baseUrl}/audio/mesura-radio-podcast-t1-e1/`);
      const audio = page.locator('audio').first();
      expect(await audio.evaluate((element: HTMLAudioElement) => element.currentSrc || element.src)).toMatch(/\/media\/podcasts\/mesura-radio-podcast-t1-e1\.mp3$/);
      await audio.evaluate((element: HTMLAudioElement) => element.play());
      await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: PLAYBACK_TIMEOUT_MS }).toBeGreaterThan(PLAYED_S);
      expect(Math.round(await audio.evaluate((element: HTMLAudioElement) => element.duration))).toBe(540);
    } finally {
      await browser.close();
    }
  });
});
