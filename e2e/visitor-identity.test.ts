/**
 * One visitor across the broadcaster's domains in Chromium (spec §7 "Visitor identity", §9 ID-sync
 * constants): the server answers as two sites, http://localhost:{port} (also the collector,
 * MESURA_PUBLIC_URL) and http://127.0.0.1:{port}, different sites to the browser. A visitor reads an
 * article on the first; 30000 ms later (the page's clock fast-forwarded) /mesura.js loads the ID-sync
 * module, whose frame gives the collector the visitor's id. On the second site, where the visitor is
 * new, /mesura.js asks the collector (`GET /id?d_ts=`, with credentials) before its first hit and
 * takes that id: both sites measure the same visitor. That needs a browser that sends the
 * collector's cookie to it from another site: a profile whose setting allows third-party cookies
 * (Chromium's incognito-like test contexts block them, as Safari and Firefox do by default); in one
 * that blocks them each site keeps its own id, the collector's being only a hint
 * (packages/identity README), which the second test shows. A withdrawal erases the id from both
 * the site and the collector (`POST /id/forget`), so a later consent on the sister site starts anew.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE_NAME, acceptAll, createVendorList, encodeChoice } from '@mesura/consent';
import { CHROMIUM_PATH, VISITOR_USER_AGENT, launchChromium } from './helpers/browser.js';
import { E2E_ADMIN_ENV, emptyDataDir, freePort, removeDataDir, startServerProcess, stopServerProcess, type ServerProcess } from './helpers/server-process.js';

const ARTICLE = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const WAIT_MS = 20_000;
const dataDir = emptyDataDir();
let server: ServerProcess;
let browser: Browser;
let collector: string;
let sister: string;

beforeAll(async () => {
  const port = await freePort();
  collector = `http://localhost:${port}`;
  sister = `http://127.0.0.1:${port}`;
  server = await startServerProcess({
    dataDir,
    port,
    env: { ...E2E_ADMIN_ENV, MESURA_PUBLIC_URL: collector, MESURA_SITE_ORIGINS: `${collector},${sister}` },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (server) await stopServerProcess(server);
  removeDataDir(dataDir);
});

/** A visitor who accepted everything on both sites earlier (their stored choice). */
async function acceptBoth(context: BrowserContext): Promise<Page> {
  await storeAcceptance(context);
  return context.newPage();
}

async function storeAcceptance(context: BrowserContext): Promise<void> {
  const gvl = createVendorList();
  const value = encodeChoice(acceptAll(gvl), { gvl, now: Date.now() });
  await context.addCookies([collector, sister].map((url) => ({ name: CONSENT_COOKIE_NAME, value, url })));
}

/**
 * A browser profile of its own whose cookie setting allows third-party cookies
 * (`profile.cookie_controls_mode` 0), closed and removed by `close`.
 */
async function profileAllowingThirdPartyCookies(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mesura-profile-'));
  mkdirSync(path.join(dir, 'Default'));
  writeFileSync(path.join(dir, 'Default', 'Preferences'), JSON.stringify({ profile: { cookie_controls_mode: 0 } }));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    userAgent: VISITOR_USER_AGENT,
    locale: 'ca-ES',
  });
  return { context, close: async () => (await context.close(), rmSync(dir, { recursive: true, force: true })) };
}

const firstPartyId = (page: Page) => page.evaluate(() => /(?:^|; )mesura_fid=([^;]+)/.exec(document.cookie)?.[1]);
const isBeacon = (request: Request) => request.url().includes('/b/ss/');

describe('one visitor across two sites of the broadcaster (§7) in Chromium', () => {
  it('syncs the id with the collector on the first site, and the second site takes it before its first hit', async () => {
    const profile = await profileAllowingThirdPartyCookies();
    const page = await acceptBoth(profile.context);
    await page.clock.install();
    const firstView = page.waitForRequest(isBeacon, { timeout: WAIT_MS });
    await page.goto(`${collector}${ARTICLE}`);
    await firstView;
    const id = await firstPartyId(page);
    expect(id).toMatch(/^[0-9A-F]{16}-[0-9A-F]{16}$/);

    // §9 throttle start: nothing before 30000 ms; then the module, the frame, and the collector takes the id.
    const frames: string[] = [];
    page.on('request', (request) => request.url().includes('/id/sync') && frames.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await page.clock.fastForward(29_000);
    expect(frames).toEqual([]);
    const linked = page.waitForResponse((answer) => answer.url() === `${collector}/id/sync` && answer.request().method() === 'POST', { timeout: WAIT_MS });
    await page.clock.fastForward(1_000);
    expect((await (await linked).json()) as unknown).toEqual({ visitorId: id });
    await expect.poll(() => page.evaluate(() => document.cookie.includes('mesura_sync=1')), { timeout: WAIT_MS }).toBe(true);
    expect(frames).toEqual(['GET /id/sync', 'POST /id/sync']);
    await expect.poll(() => page.locator('iframe[title="mesura id sync"]').count()).toBe(0);

    const lookup = page.waitForRequest((request) => request.url().startsWith(`${collector}/id?d_ts=`), { timeout: WAIT_MS });
    const sisterView = page.waitForRequest((request) => isBeacon(request) && request.url().startsWith(collector), { timeout: WAIT_MS });
    await page.goto(`${sister}${ARTICLE}`);
    const asked = await lookup;
    expect(new URL(asked.url()).searchParams.get('d_ts')).toMatch(/^\d+$/);
    await sisterView;
    expect(await firstPartyId(page)).toBe(id);
    await profile.close();
  });

  it('in a browser that blocks third-party cookies, the sister site asks, is not recognised and keeps an id of its own', async () => {
    const context = await browser.newContext({ userAgent: VISITOR_USER_AGENT, locale: 'ca-ES' });
    const page = await acceptBoth(context);
    await page.goto(`${collector}${ARTICLE}`);
    await expect.poll(() => firstPartyId(page), { timeout: WAIT_MS }).toBeDefined();
    const id = await firstPartyId(page);
    const lookup = page.waitForRequest((request) => request.url().startsWith(`${collector}/id?d_ts=`), { timeout: WAIT_MS });
    const sisterView = page.waitForRequest((request) => isBeacon(request) && request.url().startsWith(collector), { timeout: WAIT_MS });
    await page.goto(`${sister}${ARTICLE}`);
    await lookup;
    await sisterView;
    expect(await firstPartyId(page)).toMatch(/^[0-9A-F]{16}-[0-9A-F]{16}$/);
    expect(await firstPartyId(page)).not.toBe(id);
    await context.close();
  });

  it("a withdrawal on the sister site erases the collector's cookie too: the next consent there starts with a new id", async () => {
    const profile = await profileAllowingThirdPartyCookies();
    const page = await acceptBoth(profile.context);
    const collectorId = async () => (await profile.context.cookies()).find((c) => c.name === 'mesura_cid' && c.domain === 'localhost')?.value;
    const firstView = page.waitForRequest((request) => isBeacon(request) && request.url().startsWith(collector), { timeout: WAIT_MS });
    await page.goto(`${sister}${ARTICLE}`);
    await firstView;
    const before = await firstPartyId(page);
    expect(before).toMatch(/^[0-9A-F]{16}-[0-9A-F]{16}$/);
    expect(await collectorId()).toBe(before);

    await page.getByRole('button', { name: 'Configuració de galetes', exact: true }).click();
    const erased = page.waitForResponse((answer) => answer.url() === `${collector}/id/forget`, { timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Rebutja-ho tot', exact: true }).click();
    expect((await erased).status()).toBe(204);
    expect(await firstPartyId(page)).toBeUndefined();
    expect(await collectorId()).toBeUndefined();

    // A later consent (stored again): the sister site asks the collector, which knows no one now.
    await storeAcceptance(profile.context);
    const lookup = page.waitForRequest((request) => request.url().startsWith(`${collector}/id?d_ts=`), { timeout: WAIT_MS });
    const nextView = page.waitForRequest((request) => isBeacon(request) && request.url().startsWith(collector), { timeout: WAIT_MS });
    await page.goto(`${sister}${ARTICLE}`);
    await lookup;
    await nextView;
    const after = await firstPartyId(page);
    expect(after).toMatch(/^[0-9A-F]{16}-[0-9A-F]{16}$/);
    expect(after).not.toBe(before);
    await profile.close();
  });

  it('serves the frame only to be framed by the two sites, with its one script by hash', async () => {
    const answer = await fetch(`${collector}/id/sync`);
    expect(answer.headers.get('content-security-policy')).toContain(`frame-ancestors ${collector} ${sister}`);
    expect(answer.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'/);
  });
});
