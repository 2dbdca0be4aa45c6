/**
 * The news page types in Chromium, each with the §3 fields its stored page view carries: the home,
 * a section and a subsection front, an article, an author, a theme, and the not-found page (HTTP 404).
 */
import { describe, expect, it } from 'vitest';
import { gotoMeasured, gotoReady, newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

type StoredHit = Record<string, string | null> & { hit_type: string };
const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });

async function pageViews(): Promise<StoredHit[]> {
  const day = today();
  const answer = await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) });
  return ((await answer.json()) as StoredHit[]).filter((hit) => hit.hit_type === 'page_view');
}

describe('the news pages in Chromium', () => {
  it('renders each page type and stores its page view with the fields that apply', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    const paths = ['/', '/noticies/politica/', '/noticies/societat/salut/', '/noticia/1001/parlament-aprova-llei-habitatge-assequible/', '/autors/laia-puig/', '/tema/habitatge/'];
    for (const path of paths) {
      await gotoMeasured(page, site.server.baseUrl + path);
      expect(await page.locator('h1').count(), path).toBe(1);
    }
    expect(await page.locator('main .media-card').count()).toBeGreaterThan(0);
    const missing = await page.goto(`${site.server.baseUrl}/noticia/999999/no-existeix/`);
    expect(missing?.status()).toBe(404);
    await expect.poll(async () => (await pageViews()).length, { timeout: 15_000 }).toBe(paths.length + 1);
    await page.context().close();

    const byName = Object.fromEntries((await pageViews()).map((hit) => [hit.page_name ?? '', hit]));
    expect(byName['mesura:portada']).toMatchObject({ section: 'portada', page_type: 'portada' });
    expect(byName['noticies:politica']).toMatchObject({ section: 'noticies', subsection: 'politica', subsection_level1: 'politica', page_type: 'seccio' });
    expect(byName['noticies:societat:salut']).toMatchObject({ subsection_level1: 'societat', subsection_level2: 'salut', page_type: 'subseccio' });
    expect(byName['noticies:parlament-aprova-llei-habitatge-assequible']).toMatchObject({
      section: 'noticies',
      subsection: 'politica',
      subsection_level1: 'politica',
      subsection_level2: 'parlament',
      page_type: 'noticia',
      deliverty_id: '1001',
      author: 'Laia Puig',
      topic_area: 'habitatge',
      thematic: 'Política',
      grouping_category: 'politica',
      content_producer: 'Redacció Mesura.cat',
      publication_time: '2026-11-23T09:15:00+01:00',
      content_type: 'noticia',
      content_format: 'text',
      related_items: expect.stringMatching(/^[a-z0-9-]+(,[a-z0-9-]+)*$/),
      login_state: 'no logat',
    });
    expect(byName['autors:laia-puig']).toMatchObject({ page_type: 'autor', author: 'Laia Puig' });
    expect(byName['tema:habitatge']).toMatchObject({ page_type: 'tema', thematic: 'Habitatge' });
    expect(byName['']).toMatchObject({ page_type: 'errorPage' });
  });

  it("reports the visitor's screen-reader setting, and then announces each new page and puts focus on its heading", async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await gotoReady(page, `${site.server.baseUrl}/accessibilitat/`);
    await page.getByLabel('Faig servir un lector de pantalla').check();
    await page.getByRole('navigation', { name: 'Seccions' }).getByRole('link', { name: 'Cultura' }).click();
    await page.waitForURL('**/noticies/cultura/');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Pàgina carregada' }).textContent()).toBe('Pàgina carregada: Cultura — Mesura.cat');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect.poll(async () => (await pageViews()).find((hit) => hit.page_name === 'noticies:cultura')?.screen_reader, { timeout: 15_000 }).toBe('true');
    expect((await pageViews()).find((hit) => hit.page_name === 'mesura:accessibilitat')?.screen_reader).toBe('false');
    await page.context().close();
  });
});
