/**
 * In Chromium: the programmes index, a programme, one of its seasons and an
 * episode's player page render the seeded content (read here from the content API, so that the test
 * follows the seed) and each stored page view carries the page's §3 programme fields.
 */
import type { EpisodeResponse, ProgrammeResponse, ProgrammesResponse } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { gotoReady, newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });
const STORE_TIMEOUT_MS = 15_000;

type StoredHit = Record<string, string | null> & { hit_type: string; events: string };

async function storedPageViews(): Promise<StoredHit[]> {
  const day = today();
  const answer = await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) });
  return ((await answer.json()) as StoredHit[]).filter((hit) => hit.hit_type === 'page_view');
}

async function api<T>(path: string): Promise<T> {
  const answer = await fetch(`${site.server.baseUrl}${path}`);
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as T;
}

describe('programmes, seasons and episodes in Chromium', () => {
  it('goes from the index to a programme, a season and an episode, each measured with its programme fields', async () => {
    const { programmes } = await api<ProgrammesResponse>('/api/content/programmes');
    const programme = programmes.find((p) => p.kind === 'video' && p.seasons.some((s) => s.episodes.length > 0))!;
    const season = programme.seasons.find((s) => s.episodes.length > 0)!;
    const { episodes } = await api<ProgrammeResponse>(`/api/content/programmes/${programme.slug}/seasons/${season.number}`);
    const episode = episodes[0]!;
    const { programme: ofEpisode } = await api<EpisodeResponse>(`/api/content/episodes/${episode.id}`);
    expect(ofEpisode.slug).toBe(programme.slug);

    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await gotoReady(page, `${site.server.baseUrl}/programes/`);
    expect(await page.locator('h1').innerText()).toBe('Programes');
    expect(await page.locator('.media-card__title a').count()).toBe(programmes.length);
    expect(await page.locator('.media-card img').first().getAttribute('alt')).toBeTruthy();

    await page.locator(`a[href="/programes/${programme.slug}/"]`).first().click();
    await page.waitForURL(`**/programes/${programme.slug}/`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(programme.title);

    await page.locator(`a[href="/programes/${programme.slug}/temporada-${season.number}/"]`).first().click();
    await page.waitForURL(`**/temporada-${season.number}/`);
    await expect.poll(() => page.locator('h1').innerText()).toContain(season.title);
    await expect.poll(() => page.locator('.media-card__title a').count()).toBe(episodes.length);

    await page.locator(`a[href="/video/${episode.id}/"]`).first().click();
    await page.waitForURL(`**/video/${episode.id}/`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(episode.title);
    await page.locator('figure.player').waitFor();

    const names = ['mesura:programes', `programes:${programme.slug}`, `programes:${programme.slug}:temporada-${season.number}`, `programes:${programme.slug}:${episode.id}`];
    await expect.poll(async () => (await storedPageViews()).map((hit) => hit.page_name), { timeout: STORE_TIMEOUT_MS }).toEqual(names);
    await page.close();

    const hits = await storedPageViews();
    const common = {
      section: 'programes',
      programme: programme.code,
      programme_name: programme.title,
      broadcast_channel: programme.channel,
      content_producer: programme.producer,
      emission_type: 'a la carta',
      thematic: programme.genre,
    };
    expect(hits[0]).toMatchObject({ section: 'programes', page_type: 'programes' });
    expect(hits[1]).toMatchObject({ ...common, subsection: programme.slug, page_type: 'programa', content_title: programme.title });
    expect(hits[2]).toMatchObject({ ...common, subsection_level1: `temporada-${season.number}`, page_type: 'temporada' });
    expect(hits[3]).toMatchObject({
      ...common,
      page_type: 'video',
      deliverty_id: episode.id,
      content_title: episode.title,
      publication_time: episode.publishedAt,
      // §5: a missing topic area is 'No Informat' (only section, subsection, programme and user id say 'No informat').
      topic_area: episode.themes[0] ?? 'No Informat',
    });
  });
});
