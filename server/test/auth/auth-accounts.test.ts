import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_EMAIL, INITIAL_ADMIN_PASSWORD_FILE } from '../../src/auth/first-admin.js';
import { MIN_PASSWORD_CHARS } from '@mesura/content';
import { sessionOf } from '../helpers/account-session.js';
import { TEST_PASSWORD, startTestServer, type TestServer } from '../helpers/test-server.js';

const ORIGIN = 'http://localhost:8080';
let t: TestServer;
afterEach(async () => {
  await t.dispose();
});

async function call(options: InjectOptions & { url: string }) {
  return t.server.app.inject(options);
}

async function signIn(email: string, password: string): Promise<Record<string, string>> {
  const response = await call({ method: 'POST', url: '/api/session', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(204);
  return { cookie: String(response.headers['set-cookie']).split(';', 1)[0]!, origin: ORIGIN };
}

describe('the first admin', () => {
  it('is admin@localhost with a generated password in a 0600 file, which must be changed before anything else', async () => {
    t = await startTestServer();
    const file = path.join(t.dataDir, INITIAL_ADMIN_PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    const session = await signIn(DEFAULT_ADMIN_EMAIL, password);
    expect((await call({ url: '/api/me', headers: session })).json()).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, role: 'admin', mustChangePassword: true });
    const blocked = await call({ url: '/api/users', headers: session });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('MESURA_ERR_PASSWORD_CHANGE_REQUIRED');
    const change = await call({ method: 'POST', url: '/api/me/password', headers: session, payload: { currentPassword: password, newPassword: 'a new long password' } });
    expect(change.statusCode).toBe(204);
    expect((await call({ url: '/api/users', headers: session })).statusCode).toBe(200);
  });

  it('comes from MESURA_ADMIN_EMAIL and MESURA_ADMIN_PASSWORD when set, with no password file', async () => {
    t = await startTestServer({ MESURA_ADMIN_EMAIL: 'anna@example.cat', MESURA_ADMIN_PASSWORD: TEST_PASSWORD });
    expect(() => statSync(path.join(t.dataDir, INITIAL_ADMIN_PASSWORD_FILE))).toThrow();
    const session = await signIn('anna@example.cat', TEST_PASSWORD);
    expect((await call({ url: '/api/me', headers: session })).json()).toMatchObject({ role: 'admin', mustChangePassword: false });
  });
});

describe('password change', () => {
  it("needs the current password, refuses a short one, and ends the user's other sessions", async () => {
    t = await startTestServer({ MESURA_ADMIN_EMAIL: 'anna@example.cat', MESURA_ADMIN_PASSWORD: TEST_PASSWORD });
    const first = await signIn('anna@example.cat', TEST_PASSWORD);
    const second = await signIn('anna@example.cat', TEST_PASSWORD);
    const change = (payload: object) => call({ method: 'POST', url: '/api/me/password', headers: first, payload });
    expect((await change({ currentPassword: 'wrong password!', newPassword: 'a new long password' })).statusCode).toBe(403);
    const short = await change({ currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(MIN_PASSWORD_CHARS - 1) });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('MESURA_ERR_BAD_ACCOUNT');
    expect((await change({ currentPassword: TEST_PASSWORD, newPassword: 'a new long password' })).statusCode).toBe(204);
    expect((await call({ url: '/api/me', headers: first })).statusCode).toBe(200);
    expect((await call({ url: '/api/me', headers: second })).statusCode).toBe(401);
  });
});

describe('API tokens', () => {
  it("are made with a role never above the owner's, shown once, listed without secret, and revoked by their owner", async () => {
    t = await startTestServer();
    // Tokens are made and revoked from a session (the console), never by a token.
    const editor = (await sessionOf(t.server, 'editor')).headers;
    const create = (payload: object) => call({ method: 'POST', url: '/api/me/tokens', headers: editor, payload });
    const above = await create({ name: 'too strong', role: 'admin' });
    expect(above.statusCode).toBe(403);
    const made = await create({ name: 'reports script', role: 'analyst' });
    expect(made.statusCode).toBe(201);
    const { id, token } = made.json();
    expect(made.json()).toMatchObject({ name: 'reports script', role: 'analyst' });
    const script = { authorization: `Bearer ${token}` };
    expect((await call({ url: '/api/me', headers: script })).json().role).toBe('analyst');
    // An analyst token cannot change an activity even though its owner could.
    expect((await call({ method: 'PUT', url: '/api/activities/x', headers: script, payload: {} })).statusCode).toBe(403);
    const listed = (await call({ url: '/api/me/tokens', headers: editor })).json().tokens;
    expect(listed.find((entry: { id: string }) => entry.id === id)).toMatchObject({ name: 'reports script', role: 'analyst', lastUsedAt: expect.any(String) });
    expect(JSON.stringify(listed)).not.toContain(token);
    expect((await call({ method: 'DELETE', url: `/api/me/tokens/${id}`, headers: editor })).statusCode).toBe(204);
    expect((await call({ url: '/api/me', headers: script })).statusCode).toBe(401);
  });

  it("act with the lower of their role and their owner's current one, and stop when the owner is deleted", async () => {
    t = await startTestServer();
    const admin = (await sessionOf(t.server, 'admin')).headers;
    const made = await call({ method: 'POST', url: '/api/users', headers: admin, payload: { email: 'pau@example.cat', password: TEST_PASSWORD, role: 'editor' } });
    expect(made.statusCode).toBe(201);
    const pau = made.json();
    const session = await signIn('pau@example.cat', TEST_PASSWORD);
    // The password the admin chose is changed first.
    const change = await call({ method: 'POST', url: '/api/me/password', headers: session, payload: { currentPassword: TEST_PASSWORD, newPassword: 'a new long password' } });
    expect(change.statusCode).toBe(204);
    const { token } = (await call({ method: 'POST', url: '/api/me/tokens', headers: session, payload: { name: 'editor script' } })).json();
    const script = { authorization: `Bearer ${token}` };
    expect((await call({ url: '/api/me', headers: script })).json().role).toBe('editor');
    expect((await call({ method: 'PATCH', url: `/api/users/${pau.id}`, headers: admin, payload: { role: 'analyst' } })).statusCode).toBe(200);
    expect((await call({ url: '/api/me', headers: script })).json().role).toBe('analyst');
    expect((await call({ method: 'DELETE', url: `/api/users/${pau.id}`, headers: admin })).statusCode).toBe(204);
    expect((await call({ url: '/api/me', headers: script })).statusCode).toBe(401);
    expect((await call({ url: '/api/me', headers: session })).statusCode).toBe(401);
  });
});

describe('users (admins only)', () => {
  it('are listed without password hashes, made with a valid email, role and password, and not twice', async () => {
    t = await startTestServer();
    const admin = (await sessionOf(t.server, 'admin')).headers;
    const add = (payload: object) => call({ method: 'POST', url: '/api/users', headers: admin, payload });
    for (const bad of [
      { email: 'not-an-email', password: TEST_PASSWORD, role: 'analyst' },
      { email: 'a@b.cat', password: 'short', role: 'analyst' },
      { email: 'a@b.cat', password: TEST_PASSWORD, role: 'owner' },
    ]) {
      const response = await add(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('MESURA_ERR_BAD_ACCOUNT');
    }
    expect((await add({ email: 'Marta@Example.cat', password: TEST_PASSWORD, role: 'analyst' })).statusCode).toBe(201);
    expect((await add({ email: 'marta@example.cat', password: TEST_PASSWORD, role: 'analyst' })).statusCode).toBe(400);
    const users = (await call({ url: '/api/users', headers: admin })).json().users;
    expect(users.map((user: { email: string }) => user.email)).toContain('marta@example.cat');
    expect(JSON.stringify(users)).not.toMatch(/scrypt|passwordHash/);
    expect((await call({ url: '/api/users', headers: await t.authHeaders('editor') })).statusCode).toBe(403);
  });

  it('keep at least one admin: the last one can be neither demoted nor deleted', async () => {
    t = await startTestServer({ MESURA_ADMIN_EMAIL: 'anna@example.cat', MESURA_ADMIN_PASSWORD: TEST_PASSWORD });
    const session = await signIn('anna@example.cat', TEST_PASSWORD);
    const me = (await call({ url: '/api/me', headers: session })).json();
    const demote = await call({ method: 'PATCH', url: `/api/users/${me.id}`, headers: session, payload: { role: 'editor' } });
    expect(demote.statusCode).toBe(400);
    expect((await call({ method: 'DELETE', url: `/api/users/${me.id}`, headers: session })).statusCode).toBe(400);
    const other = (await call({ method: 'POST', url: '/api/users', headers: session, payload: { email: 'pol@example.cat', password: TEST_PASSWORD, role: 'admin' } })).json();
    expect((await call({ method: 'PATCH', url: `/api/users/${other.id}`, headers: session, payload: { role: 'editor' } })).statusCode).toBe(200);
    expect((await call({ method: 'DELETE', url: `/api/users/${other.id}`, headers: session })).statusCode).toBe(204);
  });
});
