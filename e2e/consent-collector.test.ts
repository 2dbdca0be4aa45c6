import { describe, expect, it } from 'vitest';
import { encodeBeacon } from '@mesura/protocol';
import { newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';
import { makeHit } from '@mesura/test-utils';

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${site.server.baseUrl}${path}`, { headers: await apiHeaders(site.server) });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const storedHits = () => api<{ hit_type: string; url: string; consent: string; visitor_id: string }[]>(`/api/export/events?from=${today()}&to=${today()}`);
const refusalRows = async () => (await api<{ rows: { reason: string; hits: number }[] }>(`/api/reports/refusals?from=${today()}&to=${today()}`)).rows;

describe('consent checked again at the collector, in Chromium', () => {
  it('stores the page views of a visitor who accepted, with the TC string the SDK sent and consent granted', async () => {
    const page = await newVisitorPage(site.browser);
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/b/ss/')) beacons.push(`${request.url()} ${request.postData() ?? ''}`);
    });
    await page.goto(`${site.server.baseUrl}/noticia/1001/parlament-aprova-llei-habitatge-assequible/`);
    await page.getByRole('button', { name: 'Accepta-ho tot', exact: true }).click();
    await expect.poll(async () => (await storedHits()).filter((row) => row.url.includes('/noticia/1001/')).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const tcString = (await page.context().cookies()).find((cookie) => cookie.name === 'euconsent-v2')!.value;
    expect(beacons.length).toBeGreaterThan(0);
    expect(beacons.every((beacon) => beacon.includes(`gdpr=1&gdpr_consent=${tcString}`))).toBe(true);
    const views = (await storedHits()).filter((row) => row.url.includes('/noticia/1001/'));
    expect(views.map((row) => row.consent)).toEqual(views.map(() => 'granted'));
    await page.close();
  });

  it('answers but does not store a beacon sent against the visitor’s refusal, and counts it', async () => {
    const page = await newVisitorPage(site.browser);
    await page.goto(`${site.server.baseUrl}/`);
    await page.getByRole('button', { name: 'Rebutja-ho tot', exact: true }).click();
    await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'euconsent-v2')).toBe(true);
    const refusal = (await page.context().cookies()).find((cookie) => cookie.name === 'euconsent-v2')!.value;
    await page.close();
    // What a tag that ignores consent would send from that visitor's browser.
    const hit = makeHit({
      eventId: `e2e-refused-${Date.now()}`,
      url: `${site.server.baseUrl}/refused/`,
      events: [{ id: 1 }],
      consent: { gdprApplies: true, tcString: refusal },
    });
    const before = (await refusalRows()).find((row) => row.reason === 'consent-purpose')?.hits ?? 0;
    const path = encodeBeacon({ reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.2.0', random: '12345678901234' }, hit, 'page_view');
    expect((await fetch(`${site.server.baseUrl}${path}`)).status).toBe(200);
    expect((await refusalRows()).find((row) => row.reason === 'consent-purpose')?.hits).toBe(before + 1);
    expect((await storedHits()).some((row) => row.url.includes('/refused/'))).toBe(false);
  });
});
