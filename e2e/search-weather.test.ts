/**
 * In Chromium: searches with results, with a type filter and with none
 * (and its suggestions), each stored with its keywords, its number of results and the internal
 * search event (§2: the path contains "cercador"); the weather's place search to a place's page.
 */
import type { ForecastResponse, PlacesResponse, SearchResponse } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { gotoMeasured, newVisitorPage, pageViewAcknowledged } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });
const STORE_TIMEOUT_MS = 15_000;
/** Words no seeded content has. */
const NOTHING = 'xilofonistes';

type StoredHit = Record<string, string | null> & { hit_type: string; events: string };
const eventIds = (hit: StoredHit) => (JSON.parse(hit.events) as { id: number }[]).map((e) => e.id);

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

describe('the search in Chromium', () => {
  it('searches, filters by type and finds nothing, each search measured with its keywords, results and event2', async () => {
    const all = await api<SearchResponse>('/api/content/search?q=llei');
    const articles = await api<SearchResponse>('/api/content/search?q=llei&type=article');
    const none = await api<SearchResponse>(`/api/content/search?q=${NOTHING}`);
    expect(all.total).toBeGreaterThan(0);
    expect(none.suggestions.length).toBeGreaterThan(0);

    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await gotoMeasured(page, `${site.server.baseUrl}/cercador/`);
    // The page's own form (the header may have a search box of its own).
    await page.locator('main').getByLabel('Què voleu cercar?').fill('llei');
    // Each search's page view is acknowledged before the next step leaves its page.
    const searched = (q: string, tipus?: string) => (url: URL) => url.searchParams.get('q') === q && url.searchParams.get('tipus') === (tipus ?? null);
    let viewed = pageViewAcknowledged(page, searched('llei'));
    await page.locator('main form[role="search"] button[type="submit"]').click();
    await page.waitForURL('**/cercador/?q=llei');
    await viewed;
    await expect.poll(() => page.locator('#resultats').textContent()).toBe(`${all.total} ${all.total === 1 ? 'resultat' : 'resultats'} per a «llei»`);
    expect(await page.locator('.media-card').count()).toBe(all.results.length);

    viewed = pageViewAcknowledged(page, searched('llei', 'noticies'));
    await page
      .getByRole('navigation', { name: 'Filtra per tipus' })
      .getByRole('link', { name: /^Notícies/ })
      .click();
    await page.waitForURL('**/cercador/?q=llei&tipus=noticies');
    await viewed;
    await expect.poll(() => page.locator('.media-card').count()).toBe(articles.results.length);
    expect(await page.locator('.search-filters a[aria-current="page"]').innerText()).toMatch(/^Notícies/);

    await gotoMeasured(page, `${site.server.baseUrl}/cercador/?q=${NOTHING}`);
    expect(await page.locator('#resultats').textContent()).toBe(`Cap resultat per a «${NOTHING}»`);
    const suggestion = none.suggestions[0]!;
    viewed = pageViewAcknowledged(page, searched(suggestion));
    await page.getByRole('link', { name: suggestion, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === suggestion);
    await viewed;
    await page.close();

    const searches = () => storedPageViews().then((hits) => hits.filter((hit) => hit.page_name === 'mesura:cercador'));
    // The bare form (no keywords of its own), three searches and the suggestion's.
    await expect
      .poll(async () => (await searches()).map((hit) => [hit.search_keywords, hit.search_results]), { timeout: STORE_TIMEOUT_MS })
      .toEqual([
        ['No Informat', 'No Informat'],
        ['llei', String(all.total)],
        ['llei', String(articles.total)],
        [NOTHING, '0'],
        [suggestion, expect.any(String)],
      ]);
    const hits = await searches();
    for (const hit of hits.slice(1)) expect(eventIds(hit)).toEqual([1, 2]);
    expect(hits[2]).toMatchObject({ subsection: 'noticies' });
  });
});

describe('the suggestions while typing in Chromium', () => {
  it('suggests "sequera" for "sekera", and the results page it leads to finds it', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await gotoMeasured(page, `${site.server.baseUrl}/cercador/`);
    const field = page.locator('main').getByRole('combobox', { name: 'Què voleu cercar?' });
    await field.pressSequentially('sekera');
    const suggestion = page.getByRole('listbox', { name: 'Suggeriments' }).getByRole('option', { name: 'sequera', exact: true });
    await suggestion.waitFor();
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    await field.press('ArrowDown');
    expect(await field.getAttribute('aria-activedescendant')).toBe(await page.getByRole('option').first().getAttribute('id'));
    await page.getByRole('option', { name: 'sequera', exact: true }).click();
    await page.waitForURL('**/cercador/?q=sequera');
    await expect.poll(() => page.locator('#resultats').textContent()).toMatch(/^\d+ resultats? per a «sequera»$/);
    expect(await page.locator('.media-card').count()).toBeGreaterThan(0);
    // The typo itself finds as much.
    await gotoMeasured(page, `${site.server.baseUrl}/cercador/?q=sekera`);
    expect(await page.locator('.media-card').count()).toBeGreaterThan(0);
    await page.close();
  });
});

describe('the weather in Chromium', () => {
  it("keeps the layout test's forecast list, and a place search leads to the place's seven days", async () => {
    const { places } = await api<PlacesResponse>('/api/content/weather');
    expect(places.length).toBeGreaterThanOrEqual(20);
    // A place its own name finds alone, so that the search goes straight to its page.
    let place = places[0]!;
    for (const candidate of places) {
      if ((await api<PlacesResponse>(`/api/content/weather?q=${encodeURIComponent(candidate.name)}`)).places.length === 1) {
        place = candidate;
        break;
      }
    }

    // This file's server also keeps the search test's page views.
    const weatherViews = () => storedPageViews().then((hits) => hits.filter((hit) => hit.section === 'el-temps'));
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    await gotoMeasured(page, `${site.server.baseUrl}/el-temps/`);
    expect(await page.locator('ul.forecast > li.forecast__city').count()).toBeGreaterThan(0);
    // Every place on the map, a link to its page (the map shows at this width).
    const mapLinks = page.getByRole('region', { name: 'Avui a Catalunya' }).getByRole('link');
    expect(await mapLinks.count()).toBe(places.length);
    expect(await mapLinks.first().isVisible()).toBe(true);
    await page.getByLabel('Cerqueu una població').fill(place.name);
    const viewed = pageViewAcknowledged(page, (url) => url.pathname === `/el-temps/${place.slug}/`);
    await page.locator('form.place-search button[type="submit"]').click();
    await page.waitForURL(`**/el-temps/${place.slug}/`);
    await viewed;
    await expect.poll(() => page.locator('h1').innerText()).toBe(`El temps a ${place.name}`);
    expect(await page.locator('ol.forecast-week > li').count()).toBe(7);
    expect(await page.locator('.forecast-today dt', { hasText: 'Vent' }).count()).toBe(1);
    // Today's and tomorrow's hours, as the API gives them: a column per hour, the day's maximum among them.
    const forecast = await api<ForecastResponse>(`/api/content/weather/${place.slug}`);
    const celsius = (text: string) => Number(text.replace('−', '-').replace(/[^\d-]/g, ''));
    for (const [name, date] of [
      ['Avui', forecast.days[0]!],
      ['Demà', forecast.days[1]!],
    ] as const) {
      const table = page.getByRole('region', { name: new RegExp(`^${name}, `) }).getByRole('table');
      expect(await table.locator('thead th[scope="col"]').allInnerTexts()).toEqual(Array.from({ length: 24 }, (_, hour) => `${hour} h`));
      const temperatures = (await table.locator('tbody tr').nth(1).locator('td').allInnerTexts()).map(celsius);
      expect(temperatures).toEqual(forecast.hours.filter((h) => h.date === date.date).map((h) => h.celsius));
      expect(Math.max(...temperatures)).toBe(date.maxCelsius);
    }
    await page.close();

    await expect.poll(async () => (await weatherViews()).map((hit) => hit.page_name), { timeout: STORE_TIMEOUT_MS }).toEqual(['mesura:el-temps', `el-temps:${place.slug}`]);
    const [, placeView] = await weatherViews();
    expect(placeView).toMatchObject({ section: 'el-temps', subsection: place.slug, page_type: 'temps', content_title: `El temps a ${place.name}` });
  });
});
