/**
 * The site's visitor accounts (server/src/visitors/): sign-up (confirmed by mail:
 * visitor-sign-up-mail.test.ts), sign-in and out with the two cookies the data layer's login state
 * reads, failed sign-ins slowed, "La meva llista" only for a signed-in visitor, every change from a
 * site origin only, and nothing of it in the console's accounts.
 */
import { MAX_DISPLAY_NAME_CHARS, MAX_EMAIL_CHARS, MIN_PASSWORD_CHARS } from '@mesura/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../helpers/outbox.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const ORIGIN = 'http://localhost:8080';
let test: TestServer;
beforeAll(async () => {
  test = await startTestServer({ MESURA_SITE_ORIGINS: ORIGIN });
});
afterAll(() => test.dispose());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, { body, cookie, origin = ORIGIN }: { body?: object; cookie?: string; origin?: string | null } = {}) =>
  test.server.app.inject({
    method,
    url,
    headers: { ...(origin === null ? {} : { origin }), ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

const cookiesOf = (response: { headers: Record<string, unknown> }) => {
  const set = response.headers['set-cookie'];
  return (Array.isArray(set) ? set : [String(set)]) as string[];
};
const cookieHeader = (set: string[]) => set.map((c) => c.split(';')[0]).join('; ');
const ANNA = { email: 'Anna@Example.cat', name: 'Anna', password: 'una-contrasenya-llarga' };

describe('visitor accounts', () => {
  it('signs a confirmed account in: an HttpOnly session and the readable login state', async () => {
    await signUpConfirmed(test.server.app, test.dataDir, ANNA, ORIGIN);
    const signedIn = await inject('POST', '/api/visitor/session', { body: ANNA });
    expect(signedIn.statusCode).toBe(200);
    const set = cookiesOf(signedIn);
    expect(set.find((c) => c.startsWith('mesura_visitant='))).toMatch(/HttpOnly/);
    const state = set.find((c) => c.startsWith('mesura_usuari='))!;
    expect(state).not.toMatch(/HttpOnly/);
    expect(JSON.parse(decodeURIComponent(state.split(';')[0]!.split('=')[1]!))).toEqual({ logat: true, id: signedIn.json().id });
    expect(state).not.toContain('example');
    const me = await inject('GET', '/api/visitor/me', { cookie: cookieHeader(set) });
    expect(me.json()).toMatchObject({ name: 'Anna', email: 'anna@example.cat' });
  });

  it('refuses a short password, a bad email, a change from another origin or none', async () => {
    expect((await inject('POST', '/api/visitor/accounts', { body: { ...ANNA, email: 'b@example.cat', password: 'curta' } })).statusCode).toBe(400);
    expect((await inject('POST', '/api/visitor/accounts', { body: { ...ANNA, email: 'no-es-un-correu' } })).statusCode).toBe(400);
    expect((await inject('POST', '/api/visitor/session', { body: ANNA, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await inject('POST', '/api/visitor/session', { body: ANNA, origin: null })).statusCode).toBe(403);
  });

  it('takes a sign-up at the limits its form states (@mesura/content site-limits.ts), and refuses one past each', async () => {
    // From an address of its own, so that the other tests' changes leave its rate alone.
    const signUp = (body: object) =>
      test.server.app.inject({
        method: 'POST',
        url: '/api/visitor/accounts',
        remoteAddress: '127.0.0.9',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const email = (chars: number) => `${'a'.repeat(chars - '@example.cat'.length)}@example.cat`;
    const atLimits = { email: email(MAX_EMAIL_CHARS), name: 'n'.repeat(MAX_DISPLAY_NAME_CHARS), password: 'p'.repeat(MIN_PASSWORD_CHARS) };
    expect((await signUp(atLimits)).statusCode).toBe(202);
    const pastEach = [{ email: email(MAX_EMAIL_CHARS + 1) }, { name: 'n'.repeat(MAX_DISPLAY_NAME_CHARS + 1) }, { password: 'p'.repeat(MIN_PASSWORD_CHARS - 1) }];
    for (const past of pastEach) expect((await signUp({ ...atLimits, email: 'c@example.cat', ...past })).statusCode).toBe(400);
  });

  it('signs in and out; a wrong password is refused, and after five the email must wait', async () => {
    const ok = await inject('POST', '/api/visitor/session', { body: ANNA });
    expect(ok.statusCode).toBe(200);
    const cookie = cookieHeader(cookiesOf(ok));
    const out = await inject('DELETE', '/api/visitor/session', { cookie });
    expect(out.statusCode).toBe(204);
    expect(cookiesOf(out).every((c) => /Max-Age=0/.test(c))).toBe(true);
    expect((await inject('GET', '/api/visitor/me', { cookie })).statusCode).toBe(401);
    const wrong = { ...ANNA, password: 'no-es-aquesta-contrasenya' };
    for (let i = 0; i < 5; i++) expect((await inject('POST', '/api/visitor/session', { body: wrong })).statusCode).toBe(401);
    const throttled = await inject('POST', '/api/visitor/session', { body: ANNA });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps La meva llista for a signed-in visitor only, with checked items', async () => {
    const bea = { email: 'bea@example.cat', name: 'Bea', password: 'una-altra-contrasenya' };
    await signUpConfirmed(test.server.app, test.dataDir, bea, ORIGIN);
    const cookie = cookieHeader(cookiesOf(await inject('POST', '/api/visitor/session', { body: bea })));
    expect((await inject('PUT', '/api/visitor/list/article/1001')).statusCode).toBe(401);
    expect((await inject('PUT', '/api/visitor/list/article/1001', { cookie })).statusCode).toBe(204);
    expect((await inject('PUT', '/api/visitor/list/episode/el-reportatge-t1-e1', { cookie })).statusCode).toBe(204);
    expect((await inject('PUT', '/api/visitor/list/article/1001', { cookie })).statusCode).toBe(204);
    expect((await inject('PUT', '/api/visitor/list/podcast/x', { cookie })).statusCode).toBe(400);
    expect((await inject('PUT', '/api/visitor/list/article/DROP%20TABLE', { cookie })).statusCode).toBe(400);
    const list = (await inject('GET', '/api/visitor/list', { cookie })).json().items as { type: string; id: string }[];
    expect(list.map((i) => `${i.type}:${i.id}`).sort()).toEqual(['article:1001', 'episode:el-reportatge-t1-e1']);
    expect((await inject('DELETE', '/api/visitor/list/article/1001', { cookie })).statusCode).toBe(204);
    expect((await inject('GET', '/api/visitor/list', { cookie })).json().items).toHaveLength(1);
  });

  it("is not a console account: a visitor's session opens nothing of the console", async () => {
    const signedIn = await inject('POST', '/api/visitor/session', { body: { email: 'bea@example.cat', password: 'una-altra-contrasenya' } });
    const cookie = cookieHeader(cookiesOf(signedIn));
    expect((await inject('GET', '/api/me', { cookie })).statusCode).toBe(401);
  });
});
