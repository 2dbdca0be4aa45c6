/**
 * What only a signed-in person may do, never a script's API token: make or revoke a token,
 * change a password, make, change or delete a user. A token of an admin scoped to analyst must not
 * climb back to admin by making itself a new token.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injector, sessionOf } from '../helpers/account-session.js';
import { TEST_PASSWORD, startTestServer, type TestServer } from '../helpers/test-server.js';

let t: TestServer;
let call: ReturnType<typeof injector>;
beforeEach(async () => {
  t = await startTestServer();
  call = injector(t.server);
});
afterEach(async () => {
  await t.dispose();
});

/** A token scoped `role` of an admin, made through the admin's session as the console does. */
async function adminTokenScoped(role: 'analyst' | 'admin'): Promise<Record<string, string>> {
  const { headers } = await sessionOf(t.server, 'admin');
  const made = await call({ method: 'POST', url: '/api/me/tokens', headers, payload: { name: `scoped ${role}`, role } });
  expect(made.statusCode, made.body).toBe(201);
  return { authorization: `Bearer ${made.json().token}` };
}

const REFUSED = { code: 'MESURA_ERR_FORBIDDEN', error: 'only a signed-in session may do this, not an API token: sign in to the console' };

describe('a token', () => {
  it('makes no token: an analyst-scoped token of an admin gets 403 and nothing is made', async () => {
    const script = await adminTokenScoped('analyst');
    const before = (await call({ url: '/api/me/tokens', headers: script })).json().tokens;
    const climb = await call({ method: 'POST', url: '/api/me/tokens', headers: script, payload: { name: 'climb' } });
    expect(climb.statusCode).toBe(403);
    expect(climb.json()).toEqual(REFUSED);
    expect((await call({ url: '/api/me/tokens', headers: script })).json().tokens).toEqual(before);
  });

  it('revokes no token', async () => {
    const script = await adminTokenScoped('admin');
    const [own] = (await call({ url: '/api/me/tokens', headers: script })).json().tokens;
    const revoke = await call({ method: 'DELETE', url: `/api/me/tokens/${own.id}`, headers: script });
    expect(revoke.statusCode).toBe(403);
    expect((await call({ url: '/api/me', headers: script })).statusCode).toBe(200);
  });

  it("changes no password, not even its owner's own", async () => {
    const script = await adminTokenScoped('admin');
    const change = await call({ method: 'POST', url: '/api/me/password', headers: script, payload: { currentPassword: TEST_PASSWORD, newPassword: 'a new long password' } });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual(REFUSED);
  });

  it('makes, changes and deletes no user, even with the admin role', async () => {
    const script = await adminTokenScoped('admin');
    const { userId } = await sessionOf(t.server, 'editor');
    const refused = [
      await call({ method: 'POST', url: '/api/users', headers: script, payload: { email: 'pol@example.cat', password: TEST_PASSWORD, role: 'admin' } }),
      await call({ method: 'PATCH', url: `/api/users/${userId}`, headers: script, payload: { role: 'admin' } }),
      await call({ method: 'PATCH', url: `/api/users/${userId}`, headers: script, payload: { password: 'a password of mine' } }),
      await call({ method: 'DELETE', url: `/api/users/${userId}`, headers: script }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 403, 403]);
    const users = (await call({ url: '/api/users', headers: script })).json().users;
    expect(users.find((user: { id: string }) => user.id === userId)).toMatchObject({ role: 'editor', mustChangePassword: false });
    expect(users.map((user: { email: string }) => user.email)).not.toContain('pol@example.cat');
  });
});

describe("a session's new token", () => {
  it("has the session user's role at most, and theirs when it names none", async () => {
    const { headers } = await sessionOf(t.server, 'editor');
    const made = await call({ method: 'POST', url: '/api/me/tokens', headers, payload: { name: 'script' } });
    expect(made.json()).toMatchObject({ role: 'editor' });
    expect((await call({ method: 'POST', url: '/api/me/tokens', headers, payload: { name: 'above', role: 'admin' } })).statusCode).toBe(403);
  });
});
