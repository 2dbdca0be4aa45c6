import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURE_WINDOW_MS } from '../../src/auth/login-throttle.js';
import { SESSION_IDLE_MS } from '../../src/auth/sessions.js';
import { TEST_PASSWORD, startTestServer, type TestServer } from '../helpers/test-server.js';

const ORIGIN = 'http://localhost:8080';
let testServer: TestServer | undefined;
afterEach(async () => {
  await testServer?.dispose();
  testServer = undefined;
});

async function serverWithClock() {
  let nowMs = Date.parse('2026-05-04T09:00:00Z');
  testServer = await startTestServer({ MESURA_ADMIN_EMAIL: 'anna@example.cat', MESURA_ADMIN_PASSWORD: TEST_PASSWORD }, () => nowMs);
  return { app: testServer.server.app, advance: (ms: number) => (nowMs += ms) };
}

function logIn(app: TestServer['server']['app'], email: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/session', payload: { email, password }, headers });
}

function cookieOf(response: { headers: Record<string, unknown> }): string {
  return String(response.headers['set-cookie']).split(';', 1)[0]!;
}

describe('sign-in', () => {
  it('answers 204 with an HttpOnly, SameSite=Strict session cookie, and GET /api/me names the user', async () => {
    const { app } = await serverWithClock();
    const response = await logIn(app, 'Anna@Example.cat', TEST_PASSWORD);
    expect(response.statusCode).toBe(204);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^mesura_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const me = await app.inject({ url: '/api/me', headers: { cookie: cookieOf(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'anna@example.cat', role: 'admin', mustChangePassword: false });
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    testServer = await startTestServer({ MESURA_PUBLIC_URL: 'https://mesura.example.cat', MESURA_ADMIN_EMAIL: 'anna@example.cat', MESURA_ADMIN_PASSWORD: TEST_PASSWORD });
    const response = await logIn(testServer.server.app, 'anna@example.cat', TEST_PASSWORD);
    expect(String(response.headers['set-cookie'])).toMatch(/; Secure$/);
  });

  it('refuses a wrong password and an unknown email alike, with 401 and no cookie', async () => {
    const { app } = await serverWithClock();
    const wrong = await logIn(app, 'anna@example.cat', 'not-the-password');
    const unknown = await logIn(app, 'nobody@example.cat', 'not-the-password');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('MESURA_ERR_UNAUTHENTICATED');
  });

  it('refuses a sign-in posted from another site', async () => {
    const { app } = await serverWithClock();
    const response = await logIn(app, 'anna@example.cat', TEST_PASSWORD, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it(`slows an account after ${LOGIN_FAILURES_PER_ACCOUNT} failures: 429 with Retry-After, even for the right password, until the window passes`, async () => {
    const { app, advance } = await serverWithClock();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) expect((await logIn(app, 'anna@example.cat', `wrong-${i}`)).statusCode).toBe(401);
    const slowed = await logIn(app, 'anna@example.cat', TEST_PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().code).toBe('MESURA_ERR_TOO_MANY_ATTEMPTS');
    expect(Number(slowed.headers['retry-after'])).toBe(LOGIN_FAILURE_WINDOW_MS / 1000);
    advance(LOGIN_FAILURE_WINDOW_MS + 1);
    expect((await logIn(app, 'anna@example.cat', TEST_PASSWORD)).statusCode).toBe(204);
  });
});

describe('sessions', () => {
  it(`end after ${SESSION_IDLE_MS / 3_600_000} h idle, and each use starts the wait again`, async () => {
    const { app, advance } = await serverWithClock();
    const cookie = cookieOf(await logIn(app, 'anna@example.cat', TEST_PASSWORD));
    const me = () => app.inject({ url: '/api/me', headers: { cookie } });
    advance(SESSION_IDLE_MS - 60_000);
    expect((await me()).statusCode).toBe(200);
    advance(SESSION_IDLE_MS - 60_000);
    expect((await me()).statusCode).toBe(200);
    advance(SESSION_IDLE_MS + 1);
    const expired = await me();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('MESURA_ERR_UNAUTHENTICATED');
  });

  it('end at sign-out: DELETE /api/session clears the cookie and the session no longer opens anything', async () => {
    const { app } = await serverWithClock();
    const cookie = cookieOf(await logIn(app, 'anna@example.cat', TEST_PASSWORD));
    const out = await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie, origin: ORIGIN } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^mesura_session=; Path=\/; Max-Age=0/);
    expect((await app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it("refuse a cookie-authenticated change without the server's own Origin", async () => {
    const { app } = await serverWithClock();
    const cookie = cookieOf(await logIn(app, 'anna@example.cat', TEST_PASSWORD));
    const create = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/me/tokens', payload: { name: 'script' }, headers: { cookie, ...headers } });
    expect((await create({})).statusCode).toBe(403);
    expect((await create({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await create({ origin: ORIGIN })).statusCode).toBe(201);
  });
});
