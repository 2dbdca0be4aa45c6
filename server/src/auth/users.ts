/** Managing users: the admins' API, and each user's own password. */
import { randomUUID } from 'node:crypto';
import { ERRORS, HttpError } from '../http/errors.js';
import type { AccountStore, UserChanges, UserRecord } from '../store/account-store.js';
import { parseNewUser, type PasswordChange, type UserChange } from './account-requests.js';
import { badAccount, removesLastAdmin } from './account-rules.js';
import { hashPassword, verifyPassword } from './password.js';
import type { Role } from '../shared/roles.js';

export interface UserDeps {
  store: AccountStore;
  now: () => number;
}

/** A user as the API shows them: never the password hash. */
export interface UserView {
  id: string;
  email: string;
  role: Role;
  mustChangePassword: boolean;
  createdAt: string;
}

export function userView(user: UserRecord): UserView {
  return { id: user.id, email: user.email, role: user.role, mustChangePassword: user.mustChangePassword, createdAt: new Date(user.createdAtMs).toISOString() };
}

/**
 * Adds a user from `{email, password, role}`, checked here (account-requests.ts); `actorId` null
 * when the server itself does (the first admin). A user an admin makes starts with a password
 * the admin knows, so it must be changed at first sign-in.
 */
export async function addUser(deps: UserDeps, actorId: string | null, fields: unknown, mustChangePassword = actorId !== null): Promise<UserRecord> {
  const { email, password, role } = parseNewUser(fields);
  if (await deps.store.userByEmail(email)) throw badAccount(`a user with email ${email} exists already`);
  const user: UserRecord = { id: randomUUID(), email, role, passwordHash: await hashPassword(password), mustChangePassword, createdAtMs: deps.now() };
  await deps.store.insertUser(user);
  await deps.store.audit({ atMs: user.createdAtMs, actorId, action: 'user-created', subject: user.id });
  return user;
}

async function existingUser(deps: UserDeps, id: string): Promise<UserRecord> {
  const user = await deps.store.userById(id);
  if (!user) throw new HttpError(ERRORS.notFound, `no user ${id}`);
  return user;
}

/**
 * An admin changes a user's role and/or password (a password set by someone else must be changed
 * at next use). Not their own password: that needs the current one (changeOwnPassword), or a
 * stolen session would keep the account for good.
 */
export async function updateUser(deps: UserDeps, actorId: string, id: string, change: UserChange): Promise<UserRecord> {
  if (change.password !== undefined && id === actorId) {
    throw new HttpError(ERRORS.forbidden, 'change your own password with POST /api/me/password, which asks for the current one');
  }
  const user = await existingUser(deps, id);
  const changes: UserChanges = {};
  if (change.role !== undefined) {
    changes.role = change.role;
    if (removesLastAdmin(await deps.store.listUsers(), id, changes.role)) throw badAccount('the last admin cannot be demoted; make another admin first');
  }
  if (change.password !== undefined) {
    changes.passwordHash = await hashPassword(change.password);
    changes.mustChangePassword = true;
  }
  await deps.store.updateUser(id, changes);
  if (changes.passwordHash) await deps.store.deleteUserSessions(id);
  await deps.store.audit({ atMs: deps.now(), actorId, action: changes.role ? `user-role-${changes.role}` : 'user-password-set', subject: id });
  return { ...user, ...changes };
}

export async function removeUser(deps: UserDeps, actorId: string, id: string): Promise<void> {
  await existingUser(deps, id);
  if (removesLastAdmin(await deps.store.listUsers(), id, 'deleted')) throw badAccount('the last admin cannot be deleted; make another admin first');
  await deps.store.deleteUser(id);
  await deps.store.audit({ atMs: deps.now(), actorId, action: 'user-deleted', subject: id });
}

/** A user's own change: the current password proves it is them; every other session of theirs ends. */
export async function changeOwnPassword(deps: UserDeps, user: UserRecord, change: PasswordChange, keepSessionHash?: string): Promise<void> {
  if (!(await verifyPassword(change.currentPassword, user.passwordHash))) throw new HttpError(ERRORS.forbidden, 'the current password is wrong');
  const passwordHash = await hashPassword(change.newPassword);
  await deps.store.updateUser(user.id, { passwordHash, mustChangePassword: false });
  await deps.store.deleteUserSessions(user.id, keepSessionHash);
  await deps.store.audit({ atMs: deps.now(), actorId: user.id, action: 'password-changed', subject: user.id });
}
