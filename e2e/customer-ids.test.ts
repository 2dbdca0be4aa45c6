/**
 * Customer ids in Chromium (spec §3 "Customer IDs", authState 1 authenticated, 2 logged out): a
 * visitor signs up on the site, which declares their idUsuari through `window.mesura.setCustomerIds`;
 * the next personalisation request (the global mbox of the next page) and the next media `start`
 * heartbeat carry it with authState 1. After signing out, the same with authState 2. Page-view
 * beacons never carry it. The start heartbeat also carries the player's type and app version (§9).
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoReady, newVisitorPage } from './helpers/browser.js';
import { mailedLink } from './helpers/outbox.js';
import { E2E_ADMIN_ENV } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ autoplay: true, env: E2E_ADMIN_ENV });
const ARTICLE = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const CLIP_PATH = '/video/clip-de-prova/';
const WAIT_MS = 30_000;

const isDelivery = (request: Request) => new URL(request.url()).pathname.startsWith('/m2/mesura/mbox/json');
const isMainStart = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname === '/hb/' && url.searchParams.get('s:event:type') === 'start' && url.searchParams.get('s:asset:type') === 'main';
};

/** The customer id of a delivery request: `vst.idUsuari.id` and `.authState` (wire-formats §3). */
function deliveryId(request: Request): [string | null, string | null] {
  const params = new URL(request.url()).searchParams;
  return [params.get('vst.idUsuari.id'), params.get('vst.idUsuari.authState')];
}

/** The customer id of a heartbeat: `s:cuser:customer_user_ids_idUsuari.id` and `l:cuser:….authState`. */
function heartbeatId(request: Request): [string | null, string | null] {
  const params = new URL(request.url()).searchParams;
  return [params.get('s:cuser:customer_user_ids_idUsuari.id'), params.get('l:cuser:customer_user_ids_idUsuari.authState')];
}

/** Opens the clip, plays it, and returns its main start heartbeat. */
async function startHeartbeat(page: Page): Promise<Request> {
  await gotoReady(page, `${site.server.baseUrl}${CLIP_PATH}`);
  await page.locator('figure.player[data-media-tracking="on"]').waitFor({ timeout: WAIT_MS });
  const start = page.waitForRequest(isMainStart, { timeout: WAIT_MS });
  await page.getByRole('button', { name: 'Reprodueix' }).click();
  return start;
}

describe('customer ids in Chromium (§3)', () => {
  it('carries idUsuari with authState 1 after sign-up and 2 after sign-out, on delivery requests and start heartbeats, never on beacons', async () => {
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/b/ss/')) beacons.push(request.url() + (request.postData() ?? ''));
    });
    const anonymous = page.waitForRequest(isDelivery, { timeout: WAIT_MS });
    await gotoReady(page, `${site.server.baseUrl}/entrar/?torna=${encodeURIComponent(ARTICLE)}`);
    expect(deliveryId(await anonymous)).toEqual([null, null]);

    const signUp = page.getByRole('form', { name: 'Crea un compte' });
    await signUp.getByLabel('Nom').fill('Jordi');
    await signUp.getByLabel('Correu electrònic').fill('jordi@example.cat');
    await signUp.getByLabel('Contrasenya (12 caràcters o més)').fill('una-contrasenya-llarga');
    await signUp.getByRole('button', { name: 'Crea el compte' }).click();
    // Confirmed through the link mailed (the server's outbox), then signed in.
    const landed = page.waitForRequest(isDelivery, { timeout: WAIT_MS });
    await gotoReady(page, await mailedLink(site.dataDir, 'jordi@example.cat'));
    expect(deliveryId(await landed)).toEqual([null, null]);
    const signIn = page.getByRole('form', { name: 'Ja tinc un compte' });
    await signIn.getByLabel('Correu electrònic').fill('jordi@example.cat');
    await signIn.getByLabel('Contrasenya').fill('una-contrasenya-llarga');
    const afterLogin = page.waitForRequest(isDelivery, { timeout: WAIT_MS });
    await signIn.getByRole('button', { name: 'Entra' }).click();
    await page.waitForURL(`**${ARTICLE}`);
    const visitorId = await page.evaluate(
      () =>
        JSON.parse(
          decodeURIComponent(
            document.cookie
              .split('; ')
              .find((c) => c.startsWith('mesura_usuari='))!
              .split('=')[1]!,
          ),
        ).id as string,
    );
    expect(deliveryId(await afterLogin)).toEqual([visitorId, '1']);
    const start = await startHeartbeat(page);
    expect(heartbeatId(start)).toEqual([visitorId, '1']);
    // The site's player sets §9's player type and app version (apps/site/src/player/player-session.ts).
    const provider = new URL(start.url()).searchParams;
    expect([provider.get('s:sp:ovp'), provider.get('s:sp:sdk'), provider.get('s:sp:player_name')]).toEqual(['html5', 'mesura-player 1.0.0', 'mesura-html5']);

    const afterLogout = page.waitForRequest(isDelivery, { timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Surt' }).click();
    await page.waitForURL(`${site.server.baseUrl}/`);
    expect(deliveryId(await afterLogout)).toEqual([visitorId, '2']);
    expect(heartbeatId(await startHeartbeat(page))).toEqual([visitorId, '2']);

    // The page views carry idUsuari as the user id (a prop, §3 "User"), never as a customer id with its authState.
    expect(beacons.length).toBeGreaterThan(0);
    expect(beacons.filter((beacon) => /authState|vst\.|cuser/.test(decodeURIComponent(beacon)))).toEqual([]);
    await page.context().close();
  });
});
