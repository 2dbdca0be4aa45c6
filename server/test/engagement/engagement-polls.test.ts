/** Polls and the newsletter over HTTP: one answer per browser, results, validation, a sign-up confirmed by mail (newsletter-mail.test.ts). */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { normaliseEmail } from '../../src/engagement/newsletter-routes.js';
import { SEEDED_POLLS } from '../../src/engagement/seeded-polls.js';

const ORIGIN = 'https://site.test';
let testServer: TestServer;
beforeAll(async () => {
  testServer = await startTestServer({ MESURA_SITE_ORIGINS: ORIGIN });
});
afterAll(async () => {
  await testServer.dispose();
});

const inject = (options: InjectOptions) => testServer.server.app.inject(options);
const answer = (pollId: string, optionId: unknown, cookie?: string, origin: string | undefined = ORIGIN) =>
  inject({
    method: 'POST',
    url: `/api/engagement/polls/${pollId}/answers`,
    headers: { ...(origin && { origin }), ...(cookie && { cookie }) },
    payload: { optionId },
  });
const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie ?? '').split(';')[0] ?? '';

describe('polls', () => {
  const poll = SEEDED_POLLS[0]!;

  it('shows a seeded poll with its options and no answers yet', async () => {
    const response = await inject({ url: `/api/engagement/polls/${poll.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: poll.id, question: poll.question, total: 0 });
    expect(body.options.map((o: { id: string }) => o.id)).toEqual(poll.options.map((o) => o.id));
    expect(body.answered).toBeUndefined();
    expect(SEEDED_POLLS.every((p) => p.options.length >= 3 && p.options.length <= 4)).toBe(true);
  });

  it('keeps one answer per browser, counts it, and refuses the second with 409', async () => {
    const first = await answer(poll.id, poll.options[1]!.id);
    expect(first.statusCode).toBe(201);
    const cookie = cookieOf(first.headers['set-cookie']);
    expect(cookie).toMatch(/^mesura_participant=/);
    // The same id for the API and for the articles, which a poll is posted to without JavaScript.
    expect([first.headers['set-cookie']].flat().map((line) => /Path=([^;]*)/.exec(String(line))?.[1])).toEqual(['/api/engagement/', '/noticia/', '/joc/']);
    expect(new Set([first.headers['set-cookie']].flat().map((line) => String(line).split(';')[0])).size).toBe(1);
    expect(first.json()).toMatchObject({ total: 1, answered: poll.options[1]!.id });

    const again = await answer(poll.id, poll.options[0]!.id, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'this browser has already answered this poll', code: 'MESURA_ERR_CONFLICT' });

    const other = await answer(poll.id, poll.options[1]!.id);
    expect(other.statusCode).toBe(201);
    const results = (await inject({ url: `/api/engagement/polls/${poll.id}`, headers: { cookie } })).json();
    expect(results.total).toBe(2);
    expect(results.answered).toBe(poll.options[1]!.id);
    expect(results.options.find((o: { id: string }) => o.id === poll.options[1]!.id).votes).toBe(2);
  });

  it('refuses an unknown option, an unknown poll and a foreign or missing origin', async () => {
    expect((await answer(poll.id, 'no-such-option')).statusCode).toBe(400);
    expect((await answer(poll.id, 42)).statusCode).toBe(400);
    expect((await answer('no-such-poll', 'x')).statusCode).toBe(404);
    expect((await inject({ url: '/api/engagement/polls/no-such-poll' })).statusCode).toBe(404);
    expect((await answer(poll.id, poll.options[0]!.id, undefined, 'https://evil.test')).statusCode).toBe(403);
    expect((await answer(poll.id, poll.options[0]!.id, undefined, '')).statusCode).toBe(403);
  });
});

describe('newsletter', () => {
  const signUp = (email: unknown, origin = ORIGIN) => inject({ method: 'POST', url: '/api/engagement/newsletter', headers: { origin }, payload: { email } });

  it('takes a valid address, case and spaces ignored, and answers to check the mail', async () => {
    const first = await signUp('  Lector@Exemple.cat ');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'check-your-mail' });
    expect((await signUp('lector@exemple.cat')).json()).toEqual({ status: 'check-your-mail' });
  });

  it('refuses what is not an address with a one-line error', async () => {
    for (const email of ['', 'sense-arroba', 'a@b', 'a b@c.cat', `${'x'.repeat(250)}@c.cat`, 7, undefined]) {
      const response = await signUp(email);
      expect(response.statusCode, String(email)).toBe(400);
      expect(response.json().error).not.toContain('\n');
    }
    expect((await signUp('ok@exemple.cat', 'https://evil.test')).statusCode).toBe(403);
  });

  it('normalises addresses', () => {
    expect(normaliseEmail(' A@B.CAT ')).toBe('a@b.cat');
    expect(normaliseEmail('a@b.c.d')).toBe('a@b.c.d');
    expect(normaliseEmail('a@-b.cat')).toBeUndefined();
  });
});

describe('daily quiz', () => {
  it('answers five questions for today, the same on every call', async () => {
    const first = (await inject({ url: '/api/engagement/quiz/today' })).json();
    const second = (await inject({ url: '/api/engagement/quiz/today' })).json();
    expect(first.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.questions).toHaveLength(5);
    expect(second).toEqual(first);
  });
});
