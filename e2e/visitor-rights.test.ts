import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

const CONTACT = 'dpd@mesura.invalid';
const site = useSiteUnderTest({ env: { ...E2E_ADMIN_ENV, MESURA_PRIVACY_CONTACT: CONTACT } });

async function api(method: 'GET' | 'DELETE', path: string): Promise<unknown> {
  const response = await fetch(`${site.server.baseUrl}${path}`, { method, headers: await apiHeaders(site.server) });
  expect(response.status, path).toBe(200);
  return response.json();
}

/** Visitor ids of today's stored page views, as the export gives them. */
async function storedVisitors(): Promise<string[]> {
  const day = today();
  const rows = (await api('GET', `/api/export/events?from=${day}&to=${day}`)) as { hit_type: string; visitor_id: string }[];
  return rows.filter((row) => row.hit_type === 'page_view').map((row) => row.visitor_id);
}

async function openCookieSettings(page: Page): Promise<void> {
  // Reopening from the footer goes straight to the settings layer.
  await page.getByRole('button', { name: 'Configuració de galetes', exact: true }).click();
  await page.getByRole('heading', { name: 'Trieu què permeteu' }).waitFor({ state: 'visible' });
}

describe("visitors' rights in Chromium", () => {
  it('the cookie settings show the id the hits carry; erasing it removes those hits', async () => {
    const page = await newVisitorPage(site.browser);
    await page.goto(`${site.server.baseUrl}/noticia/1001/parlament-aprova-llei-habitatge-assequible/`);
    await page.getByRole('button', { name: 'Accepta-ho tot', exact: true }).click();
    await expect.poll(storedVisitors, { timeout: 15_000 }).toHaveLength(1);
    const [hitVisitor] = await storedVisitors();

    await openCookieSettings(page);
    const shown = page.locator('code[data-visitor-id]');
    expect(await shown.textContent()).toBe(hitVisitor);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'mesura_fid');
    expect(cookie?.value).toBe(hitVisitor);
    const mail = page.getByRole('link', { name: CONTACT });
    expect(await mail.getAttribute('href')).toBe(`mailto:${CONTACT}`);

    const data = (await api('GET', `/api/visitors/${hitVisitor}/data`)) as { counts: { hits: number } };
    expect(data.counts.hits).toBeGreaterThanOrEqual(1);
    const erased = (await api('DELETE', `/api/visitors/${hitVisitor}`)) as { deleted: { hits: number } };
    expect(erased.deleted.hits).toBe(data.counts.hits);
    expect(await storedVisitors()).toEqual([]);
    await page.close();
  });
});
