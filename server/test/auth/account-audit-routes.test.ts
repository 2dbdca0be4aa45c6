/**
 * The account audit for admins (GET /api/accounts/audit, GET /api/accounts/last-sign-ins): what
 * each account change leaves, newest first, paged by a cursor that neither skips nor repeats
 * entries of one millisecond; checked parameters; closed to everyone but admins.
 */
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_AUDIT_MAX_ENTRIES } from '../../src/auth/account-audit-request.js';
import { sessionOf } from '../helpers/account-session.js';
import { TEST_PASSWORD, startTestServer, type TestServer } from '../helpers/test-server.js';

const ORIGIN = 'http://localhost:8080';
/** 2026-11-25T09:00:00Z: the test server's clock stands still, so every entry shares its millisecond. */
const FIXED_NOW_MS = Date.UTC(2026, 10, 25, 9, 0, 0);

let t: TestServer;
afterEach(async () => {
  await t.dispose();
});

const call = (options: InjectOptions & { url: string }) => t.server.app.inject(options);

interface Entry {
  at: string;
  action: string;
  actor: { id: string; email: string | null } | null;
  subject: string | null;
  subjectName: string | null;
}

async function signIn(email: string): Promise<Record<string, string>> {
  const response = await call({ method: 'POST', url: '/api/session', payload: { email, password: TEST_PASSWORD } });
  expect(response.statusCode, response.body).toBe(204);
  return { cookie: String(response.headers['set-cookie']).split(';', 1)[0]!, origin: ORIGIN };
}

/** Every entry, read page by page through `next`. */
async function allPages(headers: Record<string, string>, limit: number): Promise<Entry[]> {
  const entries: Entry[] = [];
  let next: string | null = null;
  do {
    const query: string = next === null ? `limit=${limit}` : `limit=${limit}&before=${next}`;
    const response = await call({ url: `/api/accounts/audit?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { entries: Entry[]; next: string | null };
    expect(page.entries.length).toBeLessThanOrEqual(limit);
    entries.push(...page.entries);
    next = page.next;
  } while (next !== null);
  return entries;
}

describe('GET /api/accounts/audit', () => {
  it("lists sign-ins, user and role changes newest first with who acted and the subject's e-mail", async () => {
    let now = FIXED_NOW_MS;
    t = await startTestServer({ MESURA_ADMIN_EMAIL: 'anna@example.cat', MESURA_ADMIN_PASSWORD: TEST_PASSWORD }, () => now);
    const session = await signIn('anna@example.cat');
    now += 1000;
    const pol = (await call({ method: 'POST', url: '/api/users', headers: session, payload: { email: 'pol@example.cat', password: TEST_PASSWORD, role: 'analyst' } })).json();
    now += 1000;
    expect((await call({ method: 'PATCH', url: `/api/users/${pol.id}`, headers: session, payload: { role: 'editor' } })).statusCode).toBe(200);
    now += 1000;
    expect((await call({ method: 'POST', url: '/api/session', payload: { email: 'pol@example.cat', password: 'a wrong password' } })).statusCode).toBe(401);

    const answer = (await call({ url: '/api/accounts/audit', headers: session })).json() as { entries: Entry[]; next: string | null };
    const anna = { id: (await call({ url: '/api/me', headers: session })).json().id, email: 'anna@example.cat' };
    expect(answer.next).toBeNull();
    expect(answer.entries.slice(0, 4)).toEqual([
      { at: '2026-11-25T09:00:03.000Z', action: 'login-failed', actor: { id: pol.id, email: 'pol@example.cat' }, subject: 'pol@example.cat', subjectName: null },
      { at: '2026-11-25T09:00:02.000Z', action: 'user-role-editor', actor: anna, subject: pol.id, subjectName: 'pol@example.cat' },
      { at: '2026-11-25T09:00:01.000Z', action: 'user-created', actor: anna, subject: pol.id, subjectName: 'pol@example.cat' },
      { at: '2026-11-25T09:00:00.000Z', action: 'login', actor: anna, subject: 'anna@example.cat', subjectName: null },
    ]);
    // The first admin, made by the server itself: no actor.
    expect(answer.entries.at(-1)).toMatchObject({ action: 'user-created', actor: null, subjectName: 'anna@example.cat' });
  });

  it('pages by cursor without skipping or repeating entries of one millisecond', async () => {
    t = await startTestServer({}, () => FIXED_NOW_MS);
    // Users are made from a session, never by a token.
    const admin = (await sessionOf(t.server, 'admin')).headers;
    for (const name of ['u1', 'u2', 'u3', 'u4', 'u5']) {
      const made = await call({ method: 'POST', url: '/api/users', headers: admin, payload: { email: `${name}@example.cat`, password: TEST_PASSWORD, role: 'analyst' } });
      expect(made.statusCode).toBe(201);
    }
    const whole = (await call({ url: `/api/accounts/audit?limit=${ACCOUNT_AUDIT_MAX_ENTRIES}`, headers: admin })).json().entries as Entry[];
    expect(whole.length).toBeGreaterThanOrEqual(8);
    expect(new Set(whole.map((entry) => entry.at))).toEqual(new Set(['2026-11-25T09:00:00.000Z']));
    // The newest first: the last user made leads.
    expect(whole[0]).toMatchObject({ action: 'user-created', subjectName: 'u5@example.cat' });
    expect(await allPages(admin, 2)).toEqual(whole);
    expect(await allPages(admin, 3)).toEqual(whole);
  });

  it('refuses unchecked parameters with a one-line reason', async () => {
    t = await startTestServer();
    const admin = await t.authHeaders('admin');
    const reasons: Record<string, string> = {
      'limit=0': `limit must be an integer from 1 to ${ACCOUNT_AUDIT_MAX_ENTRIES}`,
      [`limit=${ACCOUNT_AUDIT_MAX_ENTRIES + 1}`]: `limit must be an integer from 1 to ${ACCOUNT_AUDIT_MAX_ENTRIES}`,
      'limit=1e2': `limit must be an integer from 1 to ${ACCOUNT_AUDIT_MAX_ENTRIES}`,
      'before=yesterday': "before must be the 'next' of a previous page, such as 1764028800000-12",
      "before=1-1'%20OR%201=1": "before must be the 'next' of a previous page, such as 1764028800000-12",
      'actor=x': "unknown parameter 'actor'; expected limit and before",
    };
    for (const [query, reason] of Object.entries(reasons)) {
      const response = await call({ url: `/api/accounts/audit?${query}`, headers: admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error: reason, code: 'MESURA_ERR_BAD_QUERY' });
    }
  });

  it('answers admins only: 401 without an account, 403 to an editor or analyst', async () => {
    t = await startTestServer();
    for (const url of ['/api/accounts/audit', '/api/accounts/last-sign-ins']) {
      expect((await call({ url })).statusCode).toBe(401);
      expect((await call({ url, headers: await t.authHeaders('editor') })).statusCode).toBe(403);
      expect((await call({ url, headers: await t.authHeaders('analyst') })).statusCode).toBe(403);
      expect((await call({ url, headers: await t.authHeaders('admin') })).statusCode).toBe(200);
    }
  });
});

describe('GET /api/accounts/last-sign-ins', () => {
  it("gives each user's latest successful sign-in, and nothing for a user who never signed in", async () => {
    let now = FIXED_NOW_MS;
    t = await startTestServer({ MESURA_ADMIN_EMAIL: 'anna@example.cat', MESURA_ADMIN_PASSWORD: TEST_PASSWORD }, () => now);
    const session = await signIn('anna@example.cat');
    const pol = (await call({ method: 'POST', url: '/api/users', headers: session, payload: { email: 'pol@example.cat', password: TEST_PASSWORD, role: 'analyst' } })).json();
    now += 60_000;
    await signIn('anna@example.cat');
    now += 60_000;
    expect((await call({ method: 'POST', url: '/api/session', payload: { email: 'anna@example.cat', password: 'a wrong password' } })).statusCode).toBe(401);
    const anna = (await call({ url: '/api/me', headers: session })).json();
    const answer = (await call({ url: '/api/accounts/last-sign-ins', headers: session })).json();
    expect(answer).toEqual({ lastSignIns: [{ userId: anna.id, at: '2026-11-25T09:01:00.000Z' }] });
    expect(answer.lastSignIns.map((entry: { userId: string }) => entry.userId)).not.toContain(pol.id);
  });
});
