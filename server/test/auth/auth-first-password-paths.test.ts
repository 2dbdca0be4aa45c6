/**
 * Every way a password an admin knows can reach a user leads to a change at first use, whatever
 * the role, and through every credential: a user an admin makes (analyst, editor or admin) cannot
 * make an API token before changing it, and a token made before an admin reset the password is
 * refused until the user changes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injector, sessionOf, signIn } from '../helpers/account-session.js';
import { TEST_PASSWORD, startTestServer, type TestServer } from '../helpers/test-server.js';

const NEW_PASSWORD = 'a new long password';
let t: TestServer;
let call: ReturnType<typeof injector>;
beforeAll(async () => {
  t = await startTestServer();
  call = injector(t.server);
});
afterAll(async () => {
  await t.dispose();
});

describe('a password an admin set', () => {
  it.each(['analyst', 'editor', 'admin'] as const)('is changed first by a new %s, who gets no API token before', async (role) => {
    const admin = await sessionOf(t.server, 'admin');
    const email = `new-${role}@example.cat`;
    const made = await call({ method: 'POST', url: '/api/users', headers: admin.headers, payload: { email, password: TEST_PASSWORD, role } });
    expect(made.json()).toMatchObject({ role, mustChangePassword: true });
    const session = await signIn(t.server, email);
    const token = await call({ method: 'POST', url: '/api/me/tokens', headers: session, payload: { name: 'script' } });
    expect(token.json().code).toBe('MESURA_ERR_PASSWORD_CHANGE_REQUIRED');
    expect((await call({ url: '/api/reports/catalogue', headers: session })).json().code).toBe('MESURA_ERR_PASSWORD_CHANGE_REQUIRED');
  });

  it("stops the user's API tokens when an admin resets it, until the user changes it", async () => {
    const admin = await sessionOf(t.server, 'admin');
    const editor = await sessionOf(t.server, 'editor');
    const made = await call({ method: 'POST', url: '/api/me/tokens', headers: editor.headers, payload: { name: 'script' } });
    expect(made.statusCode, made.body).toBe(201);
    const bearer = { authorization: `Bearer ${made.json().token}` };
    expect((await call({ url: '/api/reports/catalogue', headers: bearer })).statusCode).toBe(200);
    await call({ method: 'PATCH', url: `/api/users/${editor.userId}`, headers: admin.headers, payload: { role: 'editor', password: NEW_PASSWORD } });
    expect((await call({ url: '/api/reports/catalogue', headers: bearer })).json().code).toBe('MESURA_ERR_PASSWORD_CHANGE_REQUIRED');
    const again = await signIn(t.server, 'editor-session@test.local', NEW_PASSWORD);
    expect((await call({ method: 'POST', url: '/api/me/password', headers: again, payload: { currentPassword: NEW_PASSWORD, newPassword: TEST_PASSWORD } })).statusCode).toBe(204);
    expect((await call({ url: '/api/reports/catalogue', headers: bearer })).statusCode).toBe(200);
  });

  it('stays to be changed when the admin then changes only the role', async () => {
    const admin = await sessionOf(t.server, 'admin');
    const made = await call({ method: 'POST', url: '/api/users', headers: admin.headers, payload: { email: 'promoted@example.cat', password: TEST_PASSWORD, role: 'analyst' } });
    const promoted = await call({ method: 'PATCH', url: `/api/users/${made.json().id}`, headers: admin.headers, payload: { role: 'editor' } });
    expect(promoted.json()).toMatchObject({ role: 'editor', mustChangePassword: true });
  });
});
