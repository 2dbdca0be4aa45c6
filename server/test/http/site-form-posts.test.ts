/**
 * The sign-in page's forms posted without JavaScript: a same-origin urlencoded post does what the
 * app's JSON call does (the same route, its cookies and mails) and lands back with the outcome;
 * a cross-site post is refused and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSameOriginPost } from '../../src/http/site-form-posts.js';
import { signedInLanding } from '../../src/visitors/account-form-posts.js';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const HOST = 'localhost:8080';
const ORIGIN = `http://${HOST}`;
const PASSWORD = 'una-contrasenya-llarga';
let inbox: SmtpInbox;
let test: TestServer;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  test = await startTestServer({ MESURA_SITE_ORIGINS: ORIGIN, MESURA_SMTP_URL: inbox.url });
});
afterAll(async () => {
  await test.dispose();
  await inbox.close();
});

/** A form posted by a browser without JavaScript to `url`, from `origin`. */
const post = (url: string, fields: Record<string, string>, origin: string | null = ORIGIN, extra: Record<string, string> = {}) =>
  test.server.app.inject({
    method: 'POST',
    url,
    remoteAddress: '127.0.0.3',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', ...(origin === null ? {} : { origin }), ...extra },
    payload: new URLSearchParams(fields).toString(),
  });
const signInJson = (email: string) =>
  test.server.app.inject({ method: 'POST', url: '/api/visitor/session', headers: { origin: ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify({ email, password: PASSWORD }) });

describe('isSameOriginPost', () => {
  it('takes an Origin naming the Host, or Sec-Fetch-Site same-origin; refuses anything else', () => {
    expect(isSameOriginPost({ host: HOST, origin: ORIGIN })).toBe(true);
    expect(isSameOriginPost({ host: HOST, 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(isSameOriginPost({ host: HOST, origin: 'https://elsewhere.example' })).toBe(false);
    expect(isSameOriginPost({ host: HOST, origin: 'https://elsewhere.example', 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(isSameOriginPost({ host: HOST, origin: 'null' })).toBe(false);
    expect(isSameOriginPost({ host: HOST, 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(isSameOriginPost({ host: HOST })).toBe(false);
    expect(isSameOriginPost({ host: HOST, origin: 'not a url' })).toBe(false);
  });
});

describe('signedInLanding', () => {
  it('is the page’s own torna when a path of the site, never the sign-in page, else home', () => {
    expect(signedInLanding(new URLSearchParams({ torna: '/noticia/x/?a=1' }))).toBe('/noticia/x/?a=1');
    expect(signedInLanding(new URLSearchParams({ torna: '//evil.example/' }))).toBe('/');
    expect(signedInLanding(new URLSearchParams({ torna: 'https://evil.example/' }))).toBe('/');
    expect(signedInLanding(new URLSearchParams({ torna: '/entrar/' }))).toBe('/');
    expect(signedInLanding(new URLSearchParams())).toBe('/');
  });
});

describe('the sign-in page posted without JavaScript', () => {
  it('refuses a cross-site sign-up with 403 and one line, and creates nothing', async () => {
    const answer = await post('/entrar/', { formulari: 'crear-compte', name: 'Intrús', email: 'intrus@example.cat', password: PASSWORD }, 'https://elsewhere.example');
    expect(answer.statusCode).toBe(403);
    expect(answer.json<{ error: string }>().error).toMatch(/^Aquest formulari només es pot enviar des del mateix lloc\./);
    const noOrigin = await post('/entrar/', { formulari: 'crear-compte', name: 'Intrús', email: 'intrus@example.cat', password: PASSWORD }, null);
    expect(noOrigin.statusCode).toBe(403);
    expect(inbox.mails.some((mail) => mail.to.includes('intrus@example.cat'))).toBe(false);
  });

  it('signs up, lands back with the outcome, and the mailed link confirms; then signs in back to torna with the session cookie', async () => {
    const signUp = await post('/entrar/?torna=%2Fnoticies%2F', { formulari: 'crear-compte', name: 'Jordi', email: 'jordi@example.cat', password: PASSWORD });
    expect(signUp.statusCode).toBe(303);
    expect(signUp.headers.location).toBe('/entrar/?torna=%2Fnoticies%2F&formulari=crear-compte&resultat=ok');

    const early = await post('/entrar/?torna=%2Fnoticies%2F', { formulari: 'entrar', email: 'jordi@example.cat', password: PASSWORD });
    expect(early.headers.location).toBe('/entrar/?torna=%2Fnoticies%2F&formulari=entrar&resultat=error&motiu=sense-confirmar');
    expect(early.headers['set-cookie']).toBeUndefined();

    const link = linkIn((await inbox.waitFor('jordi@example.cat'))[0]!)!;
    expect(link.searchParams.get('torna')).toBe('/noticies/');
    await test.server.app.inject({ method: 'GET', url: link.pathname + link.search });

    const signIn = await post('/entrar/?torna=%2Fnoticies%2F', { formulari: 'entrar', email: 'jordi@example.cat', password: PASSWORD });
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe('/noticies/');
    expect(String(signIn.headers['set-cookie'])).toMatch(/mesura/);
  });

  it('lands a wrong password back on the page with its reason, and a foreign torna never leads away', async () => {
    const wrong = await post('/entrar/?torna=https%3A%2F%2Fevil.example%2F', { formulari: 'entrar', email: 'ningu@example.cat', password: 'una-altra-contrasenya' });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/entrar/?torna=https%3A%2F%2Fevil.example%2F&formulari=entrar&resultat=error&motiu=401');
    expect((await signInJson('ningu@example.cat')).statusCode).toBe(401);
  });

  it('asks for a reset link from «He oblidat la contrasenya» and lands back with the outcome', async () => {
    const asked = await post('/entrar/contrasenya-oblidada/', { formulari: 'contrasenya-oblidada', email: 'jordi@example.cat' });
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe('/entrar/contrasenya-oblidada/?formulari=contrasenya-oblidada&resultat=ok');
    const mails = await inbox.waitFor('jordi@example.cat', 2);
    expect(linkIn(mails[1]!)?.pathname).toBe('/api/visitor/password-reset/link');
    const bad = await post('/entrar/contrasenya-oblidada/', { formulari: 'contrasenya-oblidada', email: 'no-es-un-correu' });
    expect(bad.headers.location).toBe('/entrar/contrasenya-oblidada/?formulari=contrasenya-oblidada&resultat=error&motiu=400');
  });

  it('sets the new password from the reset page with the cookie the mailed link set for it, once', async () => {
    const link = linkIn((await inbox.waitFor('jordi@example.cat', 2))[1]!)!;
    const followed = await test.server.app.inject({ url: link.pathname + link.search });
    const pageCookie = [followed.headers['set-cookie'] ?? []].flat().find((cookie) => String(cookie).includes('Path=/entrar/nova-contrasenya/'));
    expect(String(pageCookie)).toMatch(/HttpOnly/);
    const cookie = String(pageCookie).split(';')[0]!;
    const weak = await post('/entrar/nova-contrasenya/', { formulari: 'nova-contrasenya', password: 'curta' }, ORIGIN, { cookie });
    expect(weak.headers.location).toBe('/entrar/nova-contrasenya/?formulari=nova-contrasenya&resultat=error&motiu=feble');
    const changed = await post('/entrar/nova-contrasenya/', { formulari: 'nova-contrasenya', password: 'una-contrasenya-nova-llarga' }, ORIGIN, { cookie });
    expect(changed.headers.location).toBe('/entrar/nova-contrasenya/?formulari=nova-contrasenya&resultat=ok');
    expect([changed.headers['set-cookie']].flat().filter((c) => String(c).includes('Max-Age=0'))).toHaveLength(2);
    const again = await post('/entrar/nova-contrasenya/', { formulari: 'nova-contrasenya', password: 'una-altra-contrasenya-llarga' }, ORIGIN, { cookie });
    expect(again.headers.location).toBe('/entrar/nova-contrasenya/?formulari=nova-contrasenya&resultat=error&motiu=enllac-caducat');
  });

  it('subscribes to the newsletter from the home page and the quiz, and lands back on each', async () => {
    const home = await post('/', { formulari: 'butlleti', email: 'butlleti@example.cat' });
    expect(home.statusCode).toBe(303);
    expect(home.headers.location).toBe('/?formulari=butlleti&resultat=ok');
    expect(linkIn((await inbox.waitFor('butlleti@example.cat'))[0]!)?.pathname).toBe('/api/engagement/newsletter/confirm');
    const quiz = await post('/joc/', { formulari: 'butlleti', email: 'no-es-un-correu' });
    expect(quiz.headers.location).toBe('/joc/?formulari=butlleti&resultat=error&motiu=400');
    const crossSite = await post('/', { formulari: 'butlleti', email: 'intrus@example.cat' }, 'https://elsewhere.example');
    expect(crossSite.statusCode).toBe(403);
  });

  it('votes in an article’s poll once per browser, lands back at the poll, and refuses a cross-site or malformed vote without counting it', async () => {
    const article = '/noticia/1001/parlament-aprova-llei-habitatge-assequible/';
    const counts = async () => (await test.server.app.inject({ method: 'GET', url: '/api/engagement/polls/habitatge-2026' })).json<{ total: number }>().total;
    const vote = { formulari: 'enquesta', 'enquesta-id': 'habitatge-2026', option: 'limit-preus' };
    expect((await post(article, vote, 'https://elsewhere.example')).statusCode).toBe(403);
    const bad = await post(article, { ...vote, option: 'cap-opcio' });
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe(`${article}?formulari=enquesta&resultat=error&motiu=400#enquesta`);
    expect(await counts()).toBe(0);

    const first = await post(`${article}?font=portada&formulari=enquesta&resultat=error`, vote);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`${article}?font=portada&formulari=enquesta&resultat=ok#enquesta`);
    expect(await counts()).toBe(1);
    // The participant cookie the JSON route set goes to the browser, which is then known as having voted.
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const again = await post(article, { ...vote, option: 'ajuts-joves' }, ORIGIN, { cookie });
    expect(again.headers.location).toBe(`${article}?formulari=enquesta&resultat=error&motiu=409#enquesta`);
    expect((await post(article, { ...vote, 'enquesta-id': 'no-existeix' })).headers.location).toBe(`${article}?formulari=enquesta&resultat=error&motiu=404#enquesta`);
    expect(await counts()).toBe(1);
    expect((await post(article, { formulari: 'butlleti', email: 'x@example.cat' })).statusCode).toBe(400);
  });

  it('votes in the daily game’s poll on /joc/ and lands back there at the poll, once per browser', async () => {
    const counts = async () => (await test.server.app.inject({ method: 'GET', url: '/api/engagement/polls/sequera-aigua' })).json<{ total: number }>().total;
    // The game asks habitatge-2026; any seeded poll is taken, as the JSON route takes it.
    const vote = { formulari: 'enquesta', 'enquesta-id': 'sequera-aigua', option: 'piscines' };
    expect((await post('/joc/', vote, 'https://elsewhere.example')).statusCode).toBe(403);
    const first = await post('/joc/', vote);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/joc/?formulari=enquesta&resultat=ok#enquesta');
    expect(await counts()).toBe(1);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect((await post('/joc/', vote, ORIGIN, { cookie })).headers.location).toBe('/joc/?formulari=enquesta&resultat=error&motiu=409#enquesta');
    expect(await counts()).toBe(1);
  });

  it('answers an unknown form, a JSON body or an oversized body with a 4xx and does nothing', async () => {
    expect((await post('/entrar/', { formulari: 'res' })).statusCode).toBe(400);
    const json = await test.server.app.inject({ method: 'POST', url: '/entrar/', headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' }, payload: '{}' });
    expect(json.statusCode).toBe(400);
    const big = await post('/entrar/', { formulari: 'entrar', email: 'x'.repeat(20_000) });
    expect(big.statusCode).toBe(413);
  });
});
