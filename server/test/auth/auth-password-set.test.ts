/**
 * Who sets a password and what follows: one's own only with the current one, whatever the route;
 * one an admin sets for someone else (making the user, or resetting their password) is changed at
 * that user's next sign-in.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injector, sessionOf, signIn } from '../helpers/account-session.js';
import { TEST_PASSWORD, startTestServer, type TestServer } from '../helpers/test-server.js';

const NEW_PASSWORD = 'a new long password';
let t: TestServer;
let call: ReturnType<typeof injector>;
beforeEach(async () => {
  t = await startTestServer();
  call = injector(t.server);
});
afterEach(async () => {
  await t.dispose();
});

const signInStatus = async (email: string, password: string) => (await call({ method: 'POST', url: '/api/session', payload: { email, password } })).statusCode;

describe("one's own password", () => {
  it('is not changed through PATCH /api/users/:ownId, which does not ask for the current one', async () => {
    const admin = await sessionOf(t.server, 'admin');
    const change = await call({ method: 'PATCH', url: `/api/users/${admin.userId}`, headers: admin.headers, payload: { password: NEW_PASSWORD } });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ code: 'MESURA_ERR_FORBIDDEN', error: 'change your own password with POST /api/me/password, which asks for the current one' });
    expect(await signInStatus('admin-session@test.local', NEW_PASSWORD)).toBe(401);
    expect(await signInStatus('admin-session@test.local', TEST_PASSWORD)).toBe(204);
  });

  it('is changed with POST /api/me/password and the current one, with nothing left to change', async () => {
    const admin = await sessionOf(t.server, 'admin');
    const change = await call({ method: 'POST', url: '/api/me/password', headers: admin.headers, payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(change.statusCode).toBe(204);
    expect((await call({ url: '/api/me', headers: admin.headers })).json()).toMatchObject({ mustChangePassword: false });
  });
});

describe('a password an admin sets for someone else', () => {
  it("is changed at the user's first sign-in when the admin makes the user", async () => {
    const admin = await sessionOf(t.server, 'admin');
    const made = await call({ method: 'POST', url: '/api/users', headers: admin.headers, payload: { email: 'pol@example.cat', password: TEST_PASSWORD, role: 'editor' } });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ mustChangePassword: true });
    const pol = await signIn(t.server, 'pol@example.cat');
    expect((await call({ url: '/api/me', headers: pol })).json()).toMatchObject({ mustChangePassword: true });
    const blocked = await call({ url: '/api/activities', headers: pol });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('MESURA_ERR_PASSWORD_CHANGE_REQUIRED');
    expect((await call({ method: 'POST', url: '/api/me/password', headers: pol, payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } })).statusCode).toBe(204);
    expect((await call({ url: '/api/activities', headers: pol })).statusCode).toBe(200);
  });

  it("is changed at the user's next sign-in when the admin resets it", async () => {
    const admin = await sessionOf(t.server, 'admin');
    const editor = await sessionOf(t.server, 'editor');
    const reset = await call({ method: 'PATCH', url: `/api/users/${editor.userId}`, headers: admin.headers, payload: { password: NEW_PASSWORD } });
    expect(reset.json()).toMatchObject({ mustChangePassword: true });
    const again = await signIn(t.server, 'editor-session@test.local', NEW_PASSWORD);
    expect((await call({ url: '/api/activities', headers: again })).json().code).toBe('MESURA_ERR_PASSWORD_CHANGE_REQUIRED');
  });
});
