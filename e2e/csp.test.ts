/**
 * The site under its Content-Security-Policy, in Chromium: the home page, an article with a
 * personalisation offer (an admin-trusted one whose script must run), and a video played by
 * hls.js all work, and the browser reports no violation of the policy.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newVisitorPage } from './helpers/browser.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const ADMIN = { email: 'admin@csp.test', password: 'csp-test-password-1234' };
const site = useSiteUnderTest({ autoplay: true, env: { MESURA_ADMIN_EMAIL: ADMIN.email, MESURA_ADMIN_PASSWORD: ADMIN.password } });

const ARTICLE = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const ACTIVITY = 'titular-1001';
const OFFER_HEADLINE = 'Llum verda a la llei d’habitatge assequible: quatre grups hi donen suport';
/** Inline script of the trusted offer: it runs only if it carries the page's nonce. */
const TRUSTED_SCRIPT = '<script>document.documentElement.setAttribute("data-trusted-offer", "ran")</script>';
const HLS_VIDEO = '/video/clip-hls/';
const WAIT_MS = 20_000;

/** Every text the article's headline had, from the first script on (the app later renders the page anew). */
async function recordHeadlines(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headlines$: string[] }).headlines$ = seen;
    new MutationObserver(() => {
      const text = document.querySelector('h1.article__title')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { headlines$: string[] }).headlines$);
}

interface Violations {
  /** `securitypolicyviolation` events: directive and blocked URI of each. */
  events: string[];
  /** Console messages that name the policy (Chromium logs each refusal there). */
  console: string[];
}

/** An API token of the admin the server made at its first start. */
async function adminToken(): Promise<string> {
  const signIn = await fetch(`${site.server.baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.server.baseUrl },
    body: JSON.stringify(ADMIN),
  });
  expect(signIn.status).toBe(204);
  const cookie = signIn.headers.get('set-cookie')!.split(';', 1)[0]!;
  const made = await fetch(`${site.server.baseUrl}/api/me/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.server.baseUrl, cookie },
    body: JSON.stringify({ name: 'csp e2e' }),
  });
  expect(made.status).toBe(201);
  return ((await made.json()) as { token: string }).token;
}

async function api(token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${site.server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
  return response.json();
}

beforeAll(async () => {
  // Every visitor in experience B, whose offer also appends a script. The admin trusts the activity
  // first: an untrusted activity's offers are sanitised when saved, its script dropped.
  const token = await adminToken();
  await api(token, 'PUT', `/api/activities/${ACTIVITY}/trust`, { trusted: true });
  type Experience = { id: string; share: number; offer?: { actions: unknown[] } };
  const activity = (await api(token, 'GET', `/api/activities/${ACTIVITY}`)) as { experiences: Experience[] } & Record<string, unknown>;
  for (const field of ['trusted', 'trustedBy', 'trustedAt']) delete activity[field];
  activity.experiences = activity.experiences.map((e) => ({
    ...e,
    share: e.id === 'b' ? 100 : 0,
    ...(e.id === 'b' && e.offer && { offer: { ...e.offer, actions: [...e.offer.actions, { action: 'appendContent', selector: 'h1.article__title', content: TRUSTED_SCRIPT }] } }),
  }));
  const saved = (await api(token, 'PUT', `/api/activities/${ACTIVITY}`, activity)) as { trusted?: boolean };
  expect(JSON.stringify(saved)).toContain('data-trusted-offer');
  expect(saved.trusted).toBe(true);
});

/** A visitor who accepted everything, with every report of the policy collected from the first script on. */
async function visitorPage(): Promise<{ page: Page; violations: () => Promise<Violations> }> {
  const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
  const consoleMessages: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleMessages.push(message.text());
  });
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.addInitScript(() => {
    const events: string[] = [];
    (window as unknown as { cspViolations$: string[] }).cspViolations$ = events;
    document.addEventListener('securitypolicyviolation', (event) => events.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  const violations = async () => ({
    events: await page.evaluate(() => (window as unknown as { cspViolations$: string[] }).cspViolations$),
    console: consoleMessages,
  });
  return { page, violations };
}

/** The page's own policy is the server's, with a nonce for its inline script. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${site.server.baseUrl}${path}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
}

describe('the site under its Content-Security-Policy, in Chromium', () => {
  it('shows the home page with its scripts, styles and measurement, without a violation', async () => {
    const { page, violations } = await visitorPage();
    const pageView = page.waitForRequest((request) => request.url().includes('/b/ss/'), { timeout: WAIT_MS });
    await open(page, '/');
    // The head snippet (inline, by its nonce) loaded /mesura.js, which measured the page view.
    await pageView;
    await page.locator('main#contingut').waitFor({ timeout: WAIT_MS });
    await page.waitForFunction(() => typeof (window as unknown as { mesura?: { identity?: unknown } }).mesura?.identity === 'object', undefined, { timeout: WAIT_MS });
    // The head's early-input and tracked-link captures ran, inline by the same nonce (apps/site vite.config.ts).
    expect(await page.evaluate(() => Array.isArray((window as unknown as { __mesuraEarlyInput?: unknown }).__mesuraEarlyInput))).toBe(true);
    expect(await violations()).toEqual({ events: [], console: [] });
    await page.close();
  });

  it("shows an article's personalisation offer, runs the admin-trusted offer's script by the page's nonce, without a violation", async () => {
    const { page, violations } = await visitorPage();
    const headlines = await recordHeadlines(page);
    await open(page, ARTICLE);
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-trusted-offer')), { timeout: WAIT_MS }).toBe('ran');
    expect(await headlines()).toContain(OFFER_HEADLINE);
    expect(await violations()).toEqual({ events: [], console: [] });
    await page.close();
  });

  it('plays a video through hls.js (Media Source Extensions, its worker), without a violation', async () => {
    const { page, violations } = await visitorPage();
    await open(page, HLS_VIDEO);
    await page.locator('figure.player[data-media-tracking="on"]').waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Reprodueix' }).click();
    await page.waitForFunction(
      () => {
        const media = document.querySelector<HTMLMediaElement>('.player__content');
        return media !== null && media.currentTime >= 1;
      },
      undefined,
      { timeout: WAIT_MS },
    );
    // Played by hls.js: the element's source is a MediaSource's blob: URL.
    expect(await page.locator('.player__content').evaluate((media: HTMLMediaElement) => media.src)).toMatch(/^blob:/);
    expect(await violations()).toEqual({ events: [], console: [] });
    await page.close();
  });
});
