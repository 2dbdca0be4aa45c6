/**
 * "He oblidat la contrasenya": asking for a link answers the same whatever the address, and only a
 * confirmed account's address gets one (a real SMTP server on loopback). The link sets a new
 * password once and within PASSWORD_RESET_TTL_MS, and ends every session of the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_REFUSED } from '../../src/visitors/password-reset-routes.js';
import { PASSWORD_RESET_TTL_MS } from '../../src/visitors/visitor-limits.js';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const ORIGIN = 'http://localhost:8080';
let inbox: SmtpInbox;
let test: TestServer;
let nowMs = Date.UTC(2026, 2, 1, 9);
beforeAll(async () => {
  inbox = await startSmtpInbox();
  test = await startTestServer({ MESURA_SITE_ORIGINS: ORIGIN, MESURA_SMTP_URL: inbox.url }, () => nowMs);
  // A server's first start builds its stores: slow on a busy machine.
}, 60_000);
afterAll(async () => {
  await test.dispose();
  await inbox.close();
});

const post = (url: string, body: object, cookie?: string) =>
  test.server.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(body) });
const askForLink = (email: string) => post('/api/visitor/password-reset', { email });
const signIn = (email: string, password: string) => post('/api/visitor/session', { email, password });
const me = (cookie: string) => test.server.app.inject({ url: '/api/visitor/me', headers: { cookie } });
/** Follows a mailed link as a browser would; answers the page it lands on and the cookie it got. */
async function follow(link: URL): Promise<{ location: string; cookie?: string }> {
  const answer = await test.server.app.inject({ url: link.pathname + link.search });
  const setCookie = [answer.headers['set-cookie'] ?? []].flat()[0];
  return { location: String(answer.headers.location), cookie: setCookie?.split(';')[0] };
}
const cookiesOf = (answer: { headers: Record<string, unknown> }) =>
  [answer.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
/** What a client sees of an answer, but the date. */
const visible = (answer: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  const { date: _date, ...headers } = answer.headers;
  return { status: answer.statusCode, headers, body: answer.body };
};

/** A confirmed account, signed in on two devices; answers their session cookies. */
async function confirmedAccount(email: string, password: string): Promise<string[]> {
  await post('/api/visitor/accounts', { email, name: 'Nom', password });
  const [mail] = await inbox.waitFor(email);
  const confirm = linkIn(mail!)!;
  await test.server.app.inject({ url: confirm.pathname + confirm.search });
  return [cookiesOf(await signIn(email, password)), cookiesOf(await signIn(email, password))];
}

describe('a forgotten password', { timeout: 30_000 }, () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    await confirmedAccount('marta@example.cat', 'una-contrasenya-llarga');
    const unknown = await askForLink('ningu@example.cat');
    const known = await askForLink('marta@example.cat');
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual({ status: 'check-your-mail' });
    expect(visible(unknown)).toEqual(visible(known));
    const mails = await inbox.waitFor('marta@example.cat', 2);
    expect(mails[1]!.headers.subject).toContain('Restabliu la contrasenya');
    expect(inbox.mails.some((mail) => mail.to.includes('ningu@example.cat'))).toBe(false);
  });

  it('mails a link that sets a new password once, ends every session and signs in with the new password only', async () => {
    const sessions = await confirmedAccount('anna@example.cat', 'una-contrasenya-llarga');
    expect((await me(sessions[0]!)).statusCode).toBe(200);
    await askForLink('anna@example.cat');
    const link = linkIn((await inbox.waitFor('anna@example.cat', 2))[1]!)!;
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/api/visitor/password-reset/link`);

    const landed = await follow(link);
    expect(landed.location).toBe('/entrar/nova-contrasenya/');
    expect(landed.cookie).toMatch(/^mesura_restabliment=/);
    const tooShort = await post('/api/visitor/password-reset/new', { password: 'curta' }, landed.cookie);
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error).toMatch(/at least 12/);

    const reset = await post('/api/visitor/password-reset/new', { password: 'la-contrasenya-nova' }, landed.cookie);
    expect(reset.statusCode).toBe(204);
    for (const session of sessions) expect((await me(session)).statusCode).toBe(401);
    expect((await signIn('anna@example.cat', 'una-contrasenya-llarga')).statusCode).toBe(401);
    expect((await signIn('anna@example.cat', 'la-contrasenya-nova')).statusCode).toBe(200);

    const again = await post('/api/visitor/password-reset/new', { password: 'una-tercera-contrasenya' }, (await follow(link)).cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'MESURA_ERR_BAD_ACCOUNT', error: RESET_LINK_REFUSED });
    expect((await signIn('anna@example.cat', 'la-contrasenya-nova')).statusCode).toBe(200);
  });

  it('refuses a link past PASSWORD_RESET_TTL_MS with one line, and changes nothing', async () => {
    await confirmedAccount('bea@example.cat', 'una-contrasenya-llarga');
    await askForLink('bea@example.cat');
    const link = linkIn((await inbox.waitFor('bea@example.cat', 2))[1]!)!;
    const landed = await follow(link);
    nowMs += PASSWORD_RESET_TTL_MS + 1;
    const late = await post('/api/visitor/password-reset/new', { password: 'la-contrasenya-nova' }, landed.cookie);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(RESET_LINK_REFUSED);
    expect((await signIn('bea@example.cat', 'una-contrasenya-llarga')).statusCode).toBe(200);
  });

  it('sends an unconfirmed account no link: it confirms by signing up again', async () => {
    await post('/api/visitor/accounts', { email: 'joan@example.cat', name: 'Joan', password: 'una-contrasenya-llarga' });
    await inbox.waitFor('joan@example.cat');
    expect((await askForLink('joan@example.cat')).statusCode).toBe(202);
    await confirmedAccount('eva@example.cat', 'una-contrasenya-llarga');
    await askForLink('eva@example.cat');
    await inbox.waitFor('eva@example.cat', 2);
    expect(inbox.mails.filter((mail) => mail.to.includes('joan@example.cat'))).toHaveLength(1);
  });

  it('lands a malformed link on the page that says it no longer works, with no cookie; a new password without a link is refused', async () => {
    const landed = await follow(new URL(`${ORIGIN}/api/visitor/password-reset/link?token=../../x`));
    expect(landed).toEqual({ location: '/entrar/nova-contrasenya/?enllac=caducat', cookie: undefined });
    const bare = await post('/api/visitor/password-reset/new', { password: 'la-contrasenya-nova' });
    expect(bare.json()).toEqual({ code: 'MESURA_ERR_BAD_ACCOUNT', error: RESET_LINK_REFUSED });
  });

  it('refuses a request from outside the site', async () => {
    const answer = await test.server.app.inject({
      method: 'POST',
      url: '/api/visitor/password-reset',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{"email":"anna@example.cat"}',
    });
    expect(answer.statusCode).toBe(403);
  });
});
