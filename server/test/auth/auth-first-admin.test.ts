import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_EMAIL_CHARS } from '@mesura/content';
import { INITIAL_ADMIN_PASSWORD_FILE, ensureFirstAdmin, parseFirstAdminSettings } from '../../src/auth/first-admin.js';
import type { AccountStore, UserRecord } from '../../src/store/account-store.js';
import { TEST_PASSWORD } from '../helpers/test-server.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A shared store where another server inserts its first admin between this one's count and insert. */
function storeWhereAnotherServerWins(): AccountStore {
  const users: UserRecord[] = [];
  const store: Partial<AccountStore> = {
    countUsers: async () => users.length,
    userByEmail: async () => undefined,
    async insertUser(user) {
      users.push({ ...user, id: 'other-server' });
      throw new Error('duplicate key value violates unique constraint "users_email_key"');
    },
    audit: async () => undefined,
  };
  return store as AccountStore;
}

describe('the first admin of servers sharing their metadata', () => {
  it('is the one another server made in the meantime: no error, nothing made, no password file left', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-first-admin-'));
    dirs.push(dataDir);
    const deps = { store: storeWhereAnotherServerWins(), now: () => 0 };
    expect(await ensureFirstAdmin(deps, dataDir, { email: undefined, password: undefined })).toBeUndefined();
    expect(existsSync(path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE))).toBe(false);
    expect(await ensureFirstAdmin({ ...deps, store: storeWhereAnotherServerWins() }, dataDir, { email: 'anna@example.cat', password: TEST_PASSWORD })).toBeUndefined();
  });

  it('still fails a start whose insert failed for another reason', async () => {
    const store = { ...storeWhereAnotherServerWins(), countUsers: async () => 0 } as AccountStore;
    await expect(ensureFirstAdmin({ store, now: () => 0 }, tmpdir(), { email: 'anna@example.cat', password: TEST_PASSWORD })).rejects.toThrow('duplicate key');
  });
});

describe('MESURA_ADMIN_EMAIL', () => {
  it("is an address within the accounts' length, checked at start with the rules of every sign-in", () => {
    const long = `${'a'.repeat(MAX_EMAIL_CHARS)}@example.cat`;
    expect(() => parseFirstAdminSettings(long, TEST_PASSWORD)).toThrow(`MESURA_ADMIN_EMAIL must be an email address of at most ${MAX_EMAIL_CHARS} characters`);
    expect(() => parseFirstAdminSettings('anna\u0007@example.cat', TEST_PASSWORD)).toThrow('MESURA_ADMIN_EMAIL must be an email address');
    expect(parseFirstAdminSettings(' Anna@Example.cat ', TEST_PASSWORD)).toEqual({ email: ' Anna@Example.cat ', password: TEST_PASSWORD });
  });
});
