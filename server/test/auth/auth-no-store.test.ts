/**
 * What a signed-in answer holds is for that person only: every answer to a request the auth guard
 * let through (session or token), errors included, and the sign-in's answer say
 * `Cache-Control: no-store`, so that no browser or proxy cache keeps them. Public answers keep
 * their own caching.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injector, sessionOf } from '../helpers/account-session.js';
import { TEST_PASSWORD, startTestServer, type TestServer } from '../helpers/test-server.js';

let t: TestServer;
let call: ReturnType<typeof injector>;
beforeAll(async () => {
  t = await startTestServer();
  call = injector(t.server);
});
afterAll(async () => {
  await t.dispose();
});

describe('Cache-Control: no-store', () => {
  it('is on every answer to a token', async () => {
    const headers = await t.authHeaders('analyst');
    for (const url of ['/api/me', '/api/activities', '/api/activities/no-such-activity']) {
      const response = await call({ url, headers });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is on every answer to a session, a refused change included', async () => {
    const { headers } = await sessionOf(t.server, 'admin');
    expect((await call({ url: '/api/users', headers })).headers['cache-control']).toBe('no-store');
    const refused = await call({ method: 'PATCH', url: '/api/users/0b6f3c8e-2f0a-4d7e-9c1b-5a4e3d2c1b0a', headers, payload: { role: 'analyst' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('is on the sign-in answer, whether it succeeds or not', async () => {
    await sessionOf(t.server, 'editor');
    const signedIn = await call({ method: 'POST', url: '/api/session', payload: { email: 'editor-session@test.local', password: TEST_PASSWORD } });
    expect(signedIn.statusCode).toBe(204);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const refused = await call({ method: 'POST', url: '/api/session', payload: { email: 'editor-session@test.local', password: 'not the password' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('is not forced on a public answer, even to a signed-in browser', async () => {
    const { headers } = await sessionOf(t.server, 'analyst');
    const response = await call({ url: '/api/content/home', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });
});
