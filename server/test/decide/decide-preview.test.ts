import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeDeliveryQuery, parseDeliveryResponse, type Activity, type DeliveryRequest, type DeliveryResponse } from '@mesura/protocol';
import type { PreviewLink } from '../../src/decide/preview-link.js';
import { PREVIEW_TTL_MS } from '../../src/decide/preview-token.js';
import { sessionOf } from '../helpers/account-session.js';
import { testActivity } from '../helpers/activity.js';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';
import { BROWSER_UA, startTestServer, type TestServer } from '../helpers/test-server.js';

const START = Date.UTC(2026, 0, 15, 10);
const SITE = 'http://localhost:8080';
const ARTICLE_PATH = '/noticia/1001/parlament-aprova-llei-habitatge-assequible';
const FID = '1F65FB944AFA1C05-25FBFAF16BF6E758';
let clock = START;
let t: TestServer;
beforeEach(async () => {
  clock = START;
  t = await startTestServer({}, () => clock);
});
afterEach(() => t.dispose());

/** A draft on the article's mbox, competing with the seed `titular-1001`, with an untrusted script in B. */
const draft = testActivity({
  id: 'esborrany',
  status: 'draft',
  mboxes: ['mesura-noticia-1001'],
  audience: { path: { prefix: '/noticia/1001/' }, device: ['mobile'] },
  experiences: [
    { id: 'a', name: 'A', share: 1 },
    { id: 'b', name: 'B', share: 1, offer: { id: 'o-b', name: 'Oferta B', html: '<p>Nou</p><script>steal()</script>' } },
  ],
});

const put = async (activity: Activity) => t.server.app.inject({ method: 'PUT', url: `/api/activities/${activity.id}`, payload: activity, headers: await t.authHeaders('editor') });

async function previewLinkFor(activityId: string, payload: unknown, role: 'editor' | 'analyst' = 'editor') {
  return t.server.app.inject({ method: 'POST', url: `/api/activities/${activityId}/preview`, payload: payload as object, headers: await t.authHeaders(role) });
}

async function ask(overrides: Partial<DeliveryRequest>, cookie?: string): Promise<DeliveryResponse> {
  const request = articleDeliveryRequest(clock, { deviceId: `${'d'.repeat(32)}.1_0`, visitorId: FID, ...overrides });
  const response = await t.server.app.inject({ url: `/m2/mesura/mbox/json?${encodeDeliveryQuery(request)}`, headers: { 'user-agent': BROWSER_UA, ...(cookie !== undefined && { cookie }) } });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = parseDeliveryResponse(response.json());
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
}

const shown = (response: DeliveryResponse) => response.offers.map((o) => `${o.responseTokens!['activity.id']}/${o.responseTokens!['experience.id']}`);

async function linkTo(experienceId: string, path = `${ARTICLE_PATH}?utm_source=prova#inici`): Promise<PreviewLink> {
  const response = await previewLinkFor('esborrany', { experienceId, path });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('POST /api/activities/:id/preview', () => {
  it('answers 201 with the link and its expiry, one hour ahead', async () => {
    await put(draft);
    const link = await linkTo('b');
    expect(link.url).toMatch(new RegExp(`^${ARTICLE_PATH}\\?utm_source=prova&mesura_preview=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}#inici$`));
    expect(link.expiresAt).toBe(new Date(START + PREVIEW_TTL_MS).toISOString());
  });

  it('refuses a path off the site and an unknown experience with 400, an unknown activity with 404, an analyst with 403', async () => {
    await put(draft);
    const offSite = await previewLinkFor('esborrany', { experienceId: 'b', path: '//elsewhere.example/' });
    expect(offSite.statusCode).toBe(400);
    expect(offSite.json()).toEqual({ error: 'path must not start with //: that names another host', code: 'MESURA_ERR_BAD_ACTIVITY' });
    const unknownExperience = await previewLinkFor('esborrany', { experienceId: 'z', path: '/' });
    expect(unknownExperience.json()).toEqual({ error: 'experienceId must name an experience of activity esborrany: a, b', code: 'MESURA_ERR_BAD_ACTIVITY' });
    expect((await previewLinkFor('cap', { experienceId: 'a', path: '/' })).statusCode).toBe(404);
    expect((await previewLinkFor('esborrany', { experienceId: 'a', path: '/' }, 'analyst')).statusCode).toBe(403);
  });
});

describe("a preview link made in the console's session", () => {
  it("shows the experience only in that editor's browser: not without the session, nor in another's", async () => {
    await put(draft);
    const editor = await sessionOf(t.server, 'editor');
    const made = await t.server.app.inject({ method: 'POST', url: '/api/activities/esborrany/preview', payload: { experienceId: 'b', path: ARTICLE_PATH }, headers: editor.headers });
    expect(made.statusCode, made.body).toBe(201);
    const url = `${SITE}${(made.json() as PreviewLink).url}`;
    expect(shown(await ask({ mbox: 'mesura-noticia-1001', url }, editor.headers.cookie))).toEqual(['esborrany/b']);
    expect(shown(await ask({ mbox: 'mesura-noticia-1001', url }))).not.toContain('esborrany/b');
    const other = await sessionOf(t.server, 'admin');
    expect(shown(await ask({ mbox: 'mesura-noticia-1001', url }, other.headers.cookie))).not.toContain('esborrany/b');
  });
});

describe('a delivery request whose page URL carries a preview token', () => {
  it('is answered the draft’s experience, sanitised as live, whatever its status and audience; without the token the draft is not served', async () => {
    await put(draft);
    const link = await linkTo('b');
    const previewed = await ask({ mbox: 'mesura-noticia-1001', url: `${SITE}${link.url}` });
    expect(shown(previewed)).toEqual(['esborrany/b']);
    expect(previewed.offers[0]!.html).toBe('<p>Nou</p>');
    expect(shown(await ask({ mbox: 'mesura-noticia-1001' }))).toEqual(['titular-1001/a']);
    // The global mbox: the draft first, and the seed that owns the same mbox left out.
    expect(shown(await ask({ mbox: 'target-global-mbox', url: `${SITE}${link.url}` }))).toEqual(['esborrany/b']);
    expect(shown(await ask({ mbox: 'target-global-mbox' }))).toEqual(['titular-1001/a']);
  });

  it('shows the experience the link names, a paused activity too, and decides other mboxes as usual', async () => {
    await put({ ...draft, status: 'paused' });
    const link = await linkTo('a');
    expect(shown(await ask({ mbox: 'mesura-noticia-1001', url: `${SITE}${link.url}` }))).toEqual(['esborrany/a']);
    const weather = await ask({ mbox: 'mesura-el-temps', url: `${SITE}/el-temps/?mesura_preview=${new URL(link.url, SITE).searchParams.get('mesura_preview')}` });
    expect(shown(weather)).toEqual(['el-temps-disseny/a']);
  });

  it('ignores an expired, altered or foreign token: the request is decided as any other', async () => {
    await put(draft);
    const link = await linkTo('b');
    const token = new URL(link.url, SITE).searchParams.get('mesura_preview')!;
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, 'not-a-token', `${Buffer.from(`esborrany.b.${START + PREVIEW_TTL_MS}`).toString('base64url')}.${'A'.repeat(43)}`]) {
      expect(shown(await ask({ mbox: 'mesura-noticia-1001', url: `${SITE}${ARTICLE_PATH}?mesura_preview=${bad}` })), bad).toEqual(['titular-1001/a']);
    }
    clock = START + PREVIEW_TTL_MS;
    expect(shown(await ask({ mbox: 'mesura-noticia-1001', url: `${SITE}${link.url}` }))).toEqual(['titular-1001/a']);
  });

  it('records nothing: no impression, no click, for the previewed activity or any other', async () => {
    await put({ ...draft, goal: { type: 'click', selector: '.cta' } });
    const url = `${SITE}${(await linkTo('b')).url}`;
    await ask({ mbox: 'mesura-noticia-1001', url });
    await ask({ mbox: 'target-global-mbox', url });
    await ask({ mbox: 'mesura-el-temps', url });
    expect((await ask({ mbox: 'mesura-noticia-1001', url, params: { clickToken: 'esborrany.b' } })).offers).toEqual([]);
    await ask({ mbox: 'mesura-noticia-1001', url, params: { clickToken: 'titular-1001.a' } });
    // The same visitor without the token: one impression, then a click answered once durable,
    // and with it everything recorded before it. Had the preview recorded anything, there would be more.
    await ask({ mbox: 'mesura-noticia-1001' });
    await ask({ mbox: 'mesura-noticia-1001', params: { clickToken: 'titular-1001.a' } });
    const data = await t.server.app.inject({ url: `/api/visitors/${FID}/data`, headers: await t.authHeaders('admin') });
    expect(data.statusCode, data.body).toBe(200);
    const events = data.json().decisionEvents as { type: string; activity_id: string }[];
    // Both at the test clock's one instant: the export's order between them is not defined.
    expect(events.map((e) => `${e.type} ${e.activity_id}`).sort()).toEqual(['conversion titular-1001', 'impression titular-1001']);
  });

  it("records nothing for a page carrying the parameter without a valid token (the visual editor's frame), decided as usual", async () => {
    const url = `${SITE}${ARTICLE_PATH}?mesura_preview=editor`;
    expect(shown(await ask({ mbox: 'mesura-noticia-1001', url }))).toEqual(['titular-1001/a']);
    await ask({ mbox: 'mesura-noticia-1001', url, params: { clickToken: 'titular-1001.a' } });
    // The same visitor on the plain address: only that impression is recorded.
    await ask({ mbox: 'mesura-noticia-1001', url: `${SITE}${ARTICLE_PATH}?q=mesura_preview` });
    await ask({ mbox: 'mesura-noticia-1001', params: { clickToken: 'titular-1001.a' } });
    const data = await t.server.app.inject({ url: `/api/visitors/${FID}/data`, headers: await t.authHeaders('admin') });
    const events = data.json().decisionEvents as { type: string; activity_id: string }[];
    expect(events.map((e) => `${e.type} ${e.activity_id}`).sort()).toEqual(['conversion titular-1001', 'impression titular-1001']);
  });
});
