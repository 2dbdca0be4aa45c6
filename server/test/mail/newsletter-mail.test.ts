/**
 * The newsletter sign-up says nothing about whether the address is subscribed: every sign-up
 * answers the same, and the address itself learns, by mail (a real SMTP server on loopback),
 * either the link that confirms its subscription or that it is subscribed already.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_TTL_MS } from '../../src/mail/confirmation-token.js';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const ORIGIN = 'https://site.test';
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

const subscribe = (email: string) => test.server.app.inject({ method: 'POST', url: '/api/engagement/newsletter', headers: { origin: ORIGIN }, payload: { email } });
const follow = (link: URL) => test.server.app.inject({ method: 'GET', url: link.pathname + link.search });
const visible = (answer: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  const { date: _date, ...headers } = answer.headers;
  return { status: answer.statusCode, headers, body: answer.body };
};

describe('the newsletter sign-up', () => {
  it('answers a subscribed address exactly as a new one', async () => {
    const first = await subscribe('lectora@exemple.cat');
    await follow(linkIn((await inbox.waitFor('lectora@exemple.cat'))[0]!)!);
    const known = await subscribe(' Lectora@Exemple.cat ');
    const unknown = await subscribe('nou@exemple.cat');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'check-your-mail' });
    expect(visible(known)).toEqual(visible(unknown));
    expect(visible(first)).toEqual(visible(unknown));
  });

  it('mails a new address the link that confirms it, once', async () => {
    await subscribe('joan@exemple.cat');
    const [mail] = await inbox.waitFor('joan@exemple.cat');
    const link = linkIn(mail!)!;
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/api/engagement/newsletter/confirm`);
    const confirmed = await follow(link);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/butlleti/?estat=confirmat');
    expect((await follow(link)).headers.location).toBe('/butlleti/?estat=enllac-caducat');
  });

  it('mails a subscribed address that it is subscribed, with no link to confirm', async () => {
    await subscribe('pere@exemple.cat');
    await follow(linkIn((await inbox.waitFor('pere@exemple.cat', 1))[0]!)!);
    await subscribe('pere@exemple.cat');
    const second = (await inbox.waitFor('pere@exemple.cat', 2))[1]!;
    expect(second.text).toContain('ja hi està subscrita');
    expect(second.text).not.toContain('/confirm');
  });

  it('refuses a link past CONFIRMATION_TTL_MS', async () => {
    await subscribe('tard@exemple.cat');
    const link = linkIn((await inbox.waitFor('tard@exemple.cat'))[0]!)!;
    nowMs += CONFIRMATION_TTL_MS + 1;
    expect((await follow(link)).headers.location).toBe('/butlleti/?estat=enllac-caducat');
  });
});
