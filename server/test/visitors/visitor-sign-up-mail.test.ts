/**
 * A visitor's sign-up says nothing about whether the address has an account: every sign-up answers
 * the same, and what differs goes to the address itself, by mail (a real SMTP server on loopback).
 * A new account is confirmed by the link mailed to it, once and within CONFIRMATION_TTL_MS, and
 * cannot sign in before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_TTL_MS } from '../../src/mail/confirmation-token.js';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const ORIGIN = 'http://localhost:8080';
let inbox: SmtpInbox;
let test: TestServer;
let nowMs = Date.UTC(2026, 2, 1, 9);
beforeAll(async () => {
  inbox = await startSmtpInbox();
  test = await startTestServer({ MESURA_SITE_ORIGINS: ORIGIN, MESURA_SMTP_URL: inbox.url }, () => nowMs);
});
afterAll(async () => {
  await test.dispose();
  await inbox.close();
});

const signUp = (body: object, remoteAddress = '127.0.0.2') =>
  test.server.app.inject({ method: 'POST', url: '/api/visitor/accounts', remoteAddress, headers: { origin: ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const signIn = (body: object) =>
  test.server.app.inject({ method: 'POST', url: '/api/visitor/session', headers: { origin: ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const follow = (link: URL) => test.server.app.inject({ method: 'GET', url: link.pathname + link.search });
/** What a client sees of an answer, but the date. */
const visible = (answer: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  const { date: _date, ...headers } = answer.headers;
  return { status: answer.statusCode, headers, body: answer.body };
};

describe('a visitor sign-up', () => {
  it('answers a known address exactly as a new one, and sets no cookie', async () => {
    const first = await signUp({ email: 'marta@example.cat', name: 'Marta', password: 'una-contrasenya-llarga' });
    const known = await signUp({ email: 'Marta@Example.cat', name: 'Una altra', password: 'una-altra-contrasenya' });
    const unknown = await signUp({ email: 'ningu@example.cat', name: 'Ningú', password: 'una-altra-contrasenya' });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'check-your-mail' });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(visible(known)).toEqual(visible(unknown));
    expect(visible(first)).toEqual(visible(unknown));
  });

  it('mails a new address a link that confirms the account once; only then can it sign in', async () => {
    const anna = { email: 'anna@example.cat', name: 'Anna', password: 'una-contrasenya-llarga' };
    await signUp(anna);
    const [mail] = await inbox.waitFor(anna.email);
    const link = linkIn(mail!)!;
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/api/visitor/accounts/confirm`);
    // Nothing the one signing up typed but the address: a stranger's "name" must not speak to its owner.
    expect(mail!.text).not.toContain('Anna');

    const early = await signIn(anna);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ code: 'MESURA_ERR_FORBIDDEN', error: 'confirm the account first: follow the link mailed to its address' });

    const confirmed = await follow(link);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/entrar/?compte=confirmat');
    expect((await signIn(anna)).statusCode).toBe(200);
    const again = await follow(link);
    expect(again.headers.location).toBe('/entrar/?compte=enllac-caducat');
  });

  it('mails a known address that it has an account already, with no link, and keeps its password', async () => {
    const pau = { email: 'pau@example.cat', name: 'Pau', password: 'una-contrasenya-llarga' };
    await signUp(pau);
    await follow(linkIn((await inboxOf(pau.email, 1))[0]!)!);
    await signUp({ ...pau, password: 'la-contrasenya-de-qui-prova' });
    const second = (await inboxOf(pau.email, 2))[1]!;
    expect(second.text).toContain('ja teniu un compte');
    expect(linkIn(second)?.pathname).toBe('/entrar/');
    expect((await signIn({ ...pau, password: 'la-contrasenya-de-qui-prova' })).statusCode).toBe(401);
    expect((await signIn(pau)).statusCode).toBe(200);
  });

  it('refuses a link past CONFIRMATION_TTL_MS, and a new sign-up mails a new one', async () => {
    const bea = { email: 'bea@example.cat', name: 'Bea', password: 'una-contrasenya-llarga' };
    await signUp(bea);
    const late = linkIn((await inboxOf(bea.email, 1))[0]!)!;
    nowMs += CONFIRMATION_TTL_MS + 1;
    expect((await follow(late)).headers.location).toBe('/entrar/?compte=enllac-caducat');
    await signUp(bea);
    const fresh = linkIn((await inboxOf(bea.email, 2))[1]!)!;
    expect((await follow(fresh)).headers.location).toBe('/entrar/?compte=confirmat');
    expect((await signIn(bea)).statusCode).toBe(200);
  });

  it("carries the sign-up's way back to the sign-in page it lands on, when it is a path on the site", async () => {
    await signUp({ email: 'joan@example.cat', name: 'Joan', password: 'una-contrasenya-llarga', torna: '/noticia/1001/x/?a=1' });
    const link = linkIn((await inboxOf('joan@example.cat', 1))[0]!)!;
    expect((await follow(link)).headers.location).toBe('/entrar/?compte=confirmat&torna=%2Fnoticia%2F1001%2Fx%2F%3Fa%3D1');
    await signUp({ email: 'eva@example.cat', name: 'Eva', password: 'una-contrasenya-llarga', torna: '//evil.example/' });
    const offSite = linkIn((await inboxOf('eva@example.cat', 1))[0]!)!;
    expect(offSite.searchParams.has('torna')).toBe(false);
    expect((await follow(offSite)).headers.location).toBe('/entrar/?compte=confirmat');
  });

  it('answers a malformed link as an expired one', async () => {
    const answer = await test.server.app.inject({ url: '/api/visitor/accounts/confirm?token=../../x' });
    expect(answer.headers.location).toBe('/entrar/?compte=enllac-caducat');
  });
});

const inboxOf = (address: string, count: number) => inbox.waitFor(address, count);
