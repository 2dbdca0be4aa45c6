/**
 * Every field of an account request is checked for format and length before it is used or stored
 * (sign-in, users, tokens, one's own password): bad input gets a one-line 400 and changes nothing,
 * not even the account audit of a failed sign-in.
 */
import { MAX_EMAIL_CHARS } from '@mesura/content';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TOKEN_NAME_LENGTH } from '../../src/auth/account-rules.js';
import { MAX_PASSWORD_LENGTH } from '../../src/auth/password.js';
import { injector, sessionOf } from '../helpers/account-session.js';
import { TEST_PASSWORD, startTestServer, type TestServer } from '../helpers/test-server.js';

const BAD_EMAIL = 'email must be an address such as anna@example.cat';
/** An address one character longer than any the accounts keep. */
const LONG_EMAIL = `${'a'.repeat(MAX_EMAIL_CHARS - 'example.cat'.length)}@example.cat`;

let t: TestServer;
let call: ReturnType<typeof injector>;

/**
 * A server for each test of the block, or one for the whole block when each of its tests asserts
 * that it changed nothing: starting a server costs seconds.
 */
function startServer(each: 'test' | 'block') {
  const [before, after] = each === 'test' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    t = await startTestServer();
    call = injector(t.server);
  }, 60_000);
  after(async () => {
    await t?.dispose();
  });
}

const bad = (error: string) => ({ error, code: 'MESURA_ERR_BAD_ACCOUNT' });

async function auditActions(): Promise<string[]> {
  const { headers } = await sessionOf(t.server, 'admin');
  const entries = (await call({ url: '/api/accounts/audit?limit=500', headers })).json().entries as { action: string; subject: string | null }[];
  return entries.map((entry) => `${entry.action} ${entry.subject}`);
}

describe('POST /api/session', () => {
  describe('refused', () => {
    startServer('block');
    it.each([
      ['a 60 KB email', { email: `${'x'.repeat(60_000)}@example.cat`, password: TEST_PASSWORD }, BAD_EMAIL],
      [`an email of ${MAX_EMAIL_CHARS + 1} characters`, { email: LONG_EMAIL, password: TEST_PASSWORD }, BAD_EMAIL],
      ['an email that is no address', { email: 'anna at example.cat', password: TEST_PASSWORD }, BAD_EMAIL],
      ['an email that is no text', { email: ['anna@example.cat'], password: TEST_PASSWORD }, 'email must be a string'],
      ['a password that is no text', { email: 'anna@example.cat', password: 12 }, `password must be a text of 1 to ${MAX_PASSWORD_LENGTH} characters`],
      ['an empty password', { email: 'anna@example.cat', password: '' }, `password must be a text of 1 to ${MAX_PASSWORD_LENGTH} characters`],
      ['a password too long to hash', { email: 'anna@example.cat', password: 'x'.repeat(MAX_PASSWORD_LENGTH + 1) }, `password must be a text of 1 to ${MAX_PASSWORD_LENGTH} characters`],
      ['a field it does not know', { email: 'anna@example.cat', password: TEST_PASSWORD, role: 'admin' }, "unknown field 'role'; expected email and password"],
    ])('refuses %s with a one-line 400, recording no failed sign-in', async (_, payload, error) => {
      const response = await call({ method: 'POST', url: '/api/session', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(bad(error));
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await auditActions()).filter((entry) => entry.startsWith('login-failed'))).toEqual([]);
    });
  });

  describe('failed', () => {
    startServer('test');
    it('records a well-formed failed sign-in with the typed address', async () => {
      expect((await call({ method: 'POST', url: '/api/session', payload: { email: 'Nobody@Example.cat', password: 'not the password' } })).statusCode).toBe(401);
      expect(await auditActions()).toContain('login-failed nobody@example.cat');
    });
  });
});

describe('users', () => {
  startServer('test');
  it('refuses a user id that is not one, and unknown fields, before looking anything up', async () => {
    const { headers } = await sessionOf(t.server, 'admin');
    const editor = await sessionOf(t.server, 'editor');
    const notAnId = await call({ method: 'PATCH', url: `/api/users/${'x'.repeat(90)}`, headers, payload: { role: 'admin' } });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toEqual(bad('id must be a user id such as 0b6f3c8e-2f0a-4d7e-9c1b-5a4e3d2c1b0a'));
    expect((await call({ method: 'DELETE', url: '/api/users/..%2F..', headers })).json()).toEqual(bad('id must be a user id such as 0b6f3c8e-2f0a-4d7e-9c1b-5a4e3d2c1b0a'));
    const typo = await call({ method: 'PATCH', url: `/api/users/${editor.userId}`, headers, payload: { role: 'analyst', rol: 'admin' } });
    expect(typo.json()).toEqual(bad("unknown field 'rol'; expected role and password"));
    const made = await call({ method: 'POST', url: '/api/users', headers, payload: { email: 'pol@example.cat', password: TEST_PASSWORD, role: 'analyst', mustChangePassword: false } });
    expect(made.json()).toEqual(bad("unknown field 'mustChangePassword'; expected email, password and role"));
    const tooLong = await call({ method: 'POST', url: '/api/users', headers, payload: { email: LONG_EMAIL, password: TEST_PASSWORD, role: 'analyst' } });
    expect(tooLong.json()).toEqual(bad(BAD_EMAIL));
    const users = (await call({ url: '/api/users', headers })).json().users as { email: string; role: string }[];
    expect(users.map((user) => user.email).sort()).toEqual(['admin-session@test.local', 'admin@localhost', 'editor-session@test.local']);
    expect(users.find((user) => user.email === 'editor-session@test.local')?.role).toBe('editor');
  });
});

describe('API tokens', () => {
  startServer('test');
  it('refuses a name with control characters or too long, an unknown field and an id that is not one', async () => {
    const { headers } = await sessionOf(t.server, 'editor');
    const make = (payload: object) => call({ method: 'POST', url: '/api/me/tokens', headers, payload });
    const nameRule = `name must be a text of 1 to ${MAX_TOKEN_NAME_LENGTH} characters, without control characters`;
    expect((await make({ name: 'nightly\nexport' })).json()).toEqual(bad(nameRule));
    expect((await make({ name: 'x'.repeat(MAX_TOKEN_NAME_LENGTH + 1) })).json()).toEqual(bad(nameRule));
    // A typo of `role` would otherwise make a token with all the owner's role.
    expect((await make({ name: 'script', rol: 'analyst' })).json()).toEqual(bad("unknown field 'rol'; expected name and role"));
    expect((await call({ url: '/api/me/tokens', headers })).json().tokens).toEqual([]);
    const revoke = await call({ method: 'DELETE', url: '/api/me/tokens/not-a-token', headers });
    expect(revoke.statusCode).toBe(400);
    expect(revoke.json()).toEqual(bad('id must be a token id such as 0b6f3c8e-2f0a-4d7e-9c1b-5a4e3d2c1b0a'));
  });
});

describe('POST /api/me/password', () => {
  startServer('test');
  it('refuses a current password too long to check and an unknown field, and keeps the password', async () => {
    const { headers } = await sessionOf(t.server, 'editor');
    const change = (payload: object) => call({ method: 'POST', url: '/api/me/password', headers, payload });
    const long = await change({ currentPassword: 'x'.repeat(MAX_PASSWORD_LENGTH + 1), newPassword: 'a new long password' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual(bad(`currentPassword must be a text of 1 to ${MAX_PASSWORD_LENGTH} characters`));
    expect((await change({ currentPassword: TEST_PASSWORD, newPassword: 'a new long password', confirm: 'x' })).json()).toEqual(
      bad("unknown field 'confirm'; expected currentPassword and newPassword"),
    );
    expect((await call({ method: 'POST', url: '/api/session', payload: { email: 'editor-session@test.local', password: TEST_PASSWORD } })).statusCode).toBe(204);
  });
});
