/**
 * What every AccountStore does, whatever its engine (store/account-store.ts): run by
 * account-store-duckdb.test.ts and postgres-account-store.test.ts, so that the embedded and the
 * PostgreSQL stores behave alike.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountStore, ApiTokenRecord, SessionRecord, UserRecord } from '../../src/store/account-store.js';

export interface OpenedAccountStore {
  store: AccountStore;
  close(): Promise<void>;
}

function user(id: string, email: string, extra: Partial<UserRecord> = {}): UserRecord {
  return { id, email, role: 'analyst', passwordHash: `hash-${id}`, mustChangePassword: false, createdAtMs: 1000, ...extra };
}

function session(secretHash: string, userId: string, lastSeenAtMs = 2000): SessionRecord {
  return { secretHash, userId, createdAtMs: 1500, lastSeenAtMs };
}

function token(id: string, userId: string, createdAtMs = 3000): ApiTokenRecord {
  return { id, userId, name: `token ${id}`, role: 'editor', secretHash: `secret-${id}`, createdAtMs, lastUsedAtMs: null };
}

const NEWEST = { atMs: Number.MAX_SAFE_INTEGER, seq: 0 };

export function accountStoreContract(engine: string, open: () => Promise<OpenedAccountStore>): void {
  describe(`the ${engine} account store`, () => {
    let opened: OpenedAccountStore;
    let store: AccountStore;
    beforeEach(async () => {
      opened = await open();
      store = opened.store;
    });
    afterEach(async () => {
      await opened.close();
    });

    it('keeps users, finds them by id and e-mail, and lists them by e-mail', async () => {
      expect(await store.countUsers()).toBe(0);
      await store.insertUser(user('u2', 'zoe@example.cat', { role: 'admin', mustChangePassword: true }));
      await store.insertUser(user('u1', 'anna@example.cat'));
      expect(await store.countUsers()).toBe(2);
      expect((await store.listUsers()).map((u) => u.email)).toEqual(['anna@example.cat', 'zoe@example.cat']);
      expect(await store.userById('u2')).toEqual(user('u2', 'zoe@example.cat', { role: 'admin', mustChangePassword: true }));
      expect(await store.userByEmail('anna@example.cat')).toEqual(user('u1', 'anna@example.cat'));
      expect(await store.userById('nobody')).toBeUndefined();
      expect(await store.userByEmail('nobody@example.cat')).toBeUndefined();
    });

    it('refuses a second user with the same e-mail and keeps the first', async () => {
      await store.insertUser(user('u1', 'anna@example.cat'));
      await expect(store.insertUser(user('u2', 'anna@example.cat'))).rejects.toThrow();
      expect((await store.listUsers()).map((u) => u.id)).toEqual(['u1']);
    });

    it('changes only the fields named, and nothing for an unknown user', async () => {
      await store.insertUser(user('u1', 'anna@example.cat', { mustChangePassword: true }));
      await store.updateUser('u1', { role: 'editor' });
      await store.updateUser('u1', { passwordHash: 'new-hash', mustChangePassword: false });
      await store.updateUser('nobody', { role: 'admin' });
      expect(await store.userById('u1')).toEqual(user('u1', 'anna@example.cat', { role: 'editor', passwordHash: 'new-hash', mustChangePassword: false }));
      expect(await store.countUsers()).toBe(1);
    });

    it("deletes a user with their sessions and tokens, and no one else's", async () => {
      await store.insertUser(user('u1', 'anna@example.cat'));
      await store.insertUser(user('u2', 'pau@example.cat'));
      await store.insertSession(session('s1', 'u1'));
      await store.insertSession(session('s2', 'u2'));
      await store.insertToken(token('t1', 'u1'));
      await store.insertToken(token('t2', 'u2'));
      await store.deleteUser('u1');
      expect(await store.userById('u1')).toBeUndefined();
      expect(await store.sessionBySecretHash('s1')).toBeUndefined();
      expect(await store.tokenBySecretHash('secret-t1')).toBeUndefined();
      expect(await store.sessionBySecretHash('s2')).toEqual(session('s2', 'u2'));
      expect((await store.tokensOf('u2')).map((t) => t.id)).toEqual(['t2']);
    });

    it('keeps sessions by the hash of their secret, touches and ends them', async () => {
      await store.insertUser(user('u1', 'anna@example.cat'));
      await store.insertSession(session('s1', 'u1', 2000));
      await store.insertSession(session('s2', 'u1', 5000));
      await store.insertSession(session('s3', 'u1', 9000));
      await store.touchSession('s1', 7000);
      expect(await store.sessionBySecretHash('s1')).toEqual(session('s1', 'u1', 7000));
      await store.deleteSessionsIdleSince(6000);
      expect(await store.sessionBySecretHash('s2')).toBeUndefined();
      expect(await store.sessionBySecretHash('s1')).toBeDefined();
      await store.deleteSession('s1');
      expect(await store.sessionBySecretHash('s1')).toBeUndefined();
      expect(await store.sessionBySecretHash('s3')).toBeDefined();
    });

    it('ends every session of a user but the one kept, or all of them', async () => {
      await store.insertUser(user('u1', 'anna@example.cat'));
      await store.insertUser(user('u2', 'pau@example.cat'));
      for (const hash of ['a', 'b', 'c']) await store.insertSession(session(hash, 'u1'));
      await store.insertSession(session('d', 'u2'));
      await store.deleteUserSessions('u1', 'b');
      expect(await store.sessionBySecretHash('a')).toBeUndefined();
      expect(await store.sessionBySecretHash('b')).toBeDefined();
      expect(await store.sessionBySecretHash('c')).toBeUndefined();
      await store.deleteUserSessions('u1');
      expect(await store.sessionBySecretHash('b')).toBeUndefined();
      expect(await store.sessionBySecretHash('d')).toBeDefined();
    });

    it("keeps API tokens per owner in creation order, touches them, and deletes only the owner's", async () => {
      await store.insertUser(user('u1', 'anna@example.cat'));
      await store.insertUser(user('u2', 'pau@example.cat'));
      await store.insertToken(token('tb', 'u1', 4000));
      await store.insertToken(token('ta', 'u1', 4000));
      await store.insertToken(token('t0', 'u1', 3000));
      await store.touchToken('ta', 8000);
      expect((await store.tokensOf('u1')).map((t) => t.id)).toEqual(['t0', 'ta', 'tb']);
      expect(await store.tokenBySecretHash('secret-ta')).toEqual({ ...token('ta', 'u1', 4000), lastUsedAtMs: 8000 });
      expect(await store.deleteToken('u2', 'ta')).toBe(false);
      expect(await store.deleteToken('u1', 'nothing')).toBe(false);
      expect(await store.deleteToken('u1', 'ta')).toBe(true);
      expect((await store.tokensOf('u1')).map((t) => t.id)).toEqual(['t0', 'tb']);
    });

    it('pages the audit newest first, entries of one millisecond in the order written, with names while they exist', async () => {
      await store.insertUser(user('u1', 'anna@example.cat'));
      await store.insertUser(user('u2', 'pau@example.cat'));
      await store.insertToken(token('t1', 'u2'));
      await store.audit({ atMs: 100, actorId: null, action: 'user-created', subject: 'u1' });
      await store.audit({ atMs: 200, actorId: 'u1', action: 'login', subject: 'anna@example.cat' });
      await store.audit({ atMs: 200, actorId: 'u1', action: 'token-created', subject: 't1' });
      await store.audit({ atMs: 300, actorId: 'u1', action: 'user-created', subject: 'u2' });
      await store.audit({ atMs: 400, actorId: null, action: 'login-failed', subject: 'ningu@example.cat' });
      const first = await store.auditPage(NEWEST, 3);
      expect(first.map((e) => [e.atMs, e.action, e.actorEmail, e.subjectName])).toEqual([
        [400, 'login-failed', null, null],
        [300, 'user-created', 'anna@example.cat', 'pau@example.cat'],
        [200, 'token-created', 'anna@example.cat', 'token t1'],
      ]);
      const last = first.at(-1)!;
      const second = await store.auditPage({ atMs: last.atMs, seq: last.seq }, 3);
      expect(second.map((e) => [e.atMs, e.action, e.subject])).toEqual([
        [200, 'login', 'anna@example.cat'],
        [100, 'user-created', 'u1'],
      ]);
      await store.deleteUser('u1');
      const after = await store.auditPage(NEWEST, 10);
      expect(after.find((e) => e.action === 'token-created')).toMatchObject({ actorId: 'u1', actorEmail: null, subjectName: 'token t1' });
    });

    it("answers each user's latest sign-in and leaves out who never signed in", async () => {
      await store.audit({ atMs: 100, actorId: 'u1', action: 'login', subject: 'anna@example.cat' });
      await store.audit({ atMs: 500, actorId: 'u1', action: 'login', subject: 'anna@example.cat' });
      await store.audit({ atMs: 300, actorId: 'u2', action: 'login', subject: 'pau@example.cat' });
      await store.audit({ atMs: 900, actorId: 'u2', action: 'logout', subject: null });
      await store.audit({ atMs: 950, actorId: null, action: 'login', subject: 'ningu@example.cat' });
      await store.audit({ atMs: 990, actorId: 'u3', action: 'password-changed', subject: 'u3' });
      expect(await store.lastSignIns('login')).toEqual([
        { userId: 'u1', atMs: 500 },
        { userId: 'u2', atMs: 300 },
      ]);
    });
  });
}
