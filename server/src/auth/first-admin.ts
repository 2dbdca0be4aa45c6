/**
 * The first admin, made on a start with no user: from MESURA_ADMIN_EMAIL and
 * MESURA_ADMIN_PASSWORD when both are set; otherwise `admin@localhost` with a random password
 * written once to a file only the server's user can read, to be changed at first sign-in.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_EMAIL_CHARS } from '@mesura/content';
import { storedEmail } from './account-rules.js';
import { passwordProblem } from './password.js';
import { addUser, type UserDeps } from './users.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';
export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';
/** 18 random bytes: 24 base64url characters, 144 bits. */
const GENERATED_PASSWORD_BYTES = 18;
const OWNER_ONLY_FILE_MODE = 0o600;

export interface FirstAdminSettings {
  email: string | undefined;
  password: string | undefined;
}

/** What was made, for the start-up log; undefined when users exist already. */
export type FirstAdmin = { email: string; passwordFile?: string } | undefined;

export async function ensureFirstAdmin(deps: UserDeps, dataDir: string, settings: FirstAdminSettings): Promise<FirstAdmin> {
  if ((await deps.store.countUsers()) > 0) return undefined;
  if (settings.email !== undefined && settings.password !== undefined) {
    const { email, password } = settings;
    const user = await unlessMadeElsewhere(deps, () => addUser(deps, null, { email, password, role: 'admin' }));
    return user && { email: user.email };
  }
  const password = randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
  const passwordFile = path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
  // A file left by a start that stopped before storing its user opened nothing: it is replaced.
  writeFileSync(passwordFile, `${password}\n`, { mode: OWNER_ONLY_FILE_MODE });
  chmodSync(passwordFile, OWNER_ONLY_FILE_MODE);
  const user = await unlessMadeElsewhere(deps, () => addUser(deps, null, { email: DEFAULT_ADMIN_EMAIL, password, role: 'admin' }, true));
  if (!user) rmSync(passwordFile, { force: true });
  return user && { email: DEFAULT_ADMIN_EMAIL, passwordFile };
}

/**
 * Makes the first admin; undefined when that failed because another server sharing the metadata
 * (MESURA_METADATA) made its first user in the meantime: that one is the first admin.
 */
async function unlessMadeElsewhere<T>(deps: UserDeps, make: () => Promise<T>): Promise<T | undefined> {
  try {
    return await make();
  } catch (error) {
    if ((await deps.store.countUsers()) > 0) return undefined;
    throw error;
  }
}

/** MESURA_ADMIN_EMAIL and MESURA_ADMIN_PASSWORD: both or neither; throws a one-line Error naming the bad one. */
export function parseFirstAdminSettings(email: string | undefined, password: string | undefined): FirstAdminSettings {
  const given = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
  const settings = { email: given(email), password: given(password) };
  if ((settings.email === undefined) !== (settings.password === undefined)) {
    throw new Error('MESURA_ADMIN_EMAIL and MESURA_ADMIN_PASSWORD go together: set both or neither');
  }
  if (settings.email !== undefined && storedEmail(settings.email) === undefined) {
    throw new Error(`MESURA_ADMIN_EMAIL must be an email address of at most ${MAX_EMAIL_CHARS} characters, got '${settings.email}'`);
  }
  const problem = settings.password === undefined ? undefined : passwordProblem(settings.password);
  if (problem) throw new Error(`MESURA_ADMIN_PASSWORD: ${problem}`);
  return settings;
}
