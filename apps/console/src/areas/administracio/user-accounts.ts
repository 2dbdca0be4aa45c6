import { isRecord } from '../../api/api-answer';
import { isRole, type Role } from '../../session/roles';

/** A console user as GET /api/users lists them (never a password or its hash). */
export interface UserAccount {
  id: string;
  email: string;
  role: Role;
  /** True while the user must replace a password someone else set. */
  mustChangePassword: boolean;
  /** ISO 8601 instant. */
  createdAt: string;
}

/** A user's latest sign-in, from GET /api/accounts/last-sign-ins. */
export interface LastSignIn {
  userId: string;
  /** ISO 8601 instant. */
  at: string;
}

export function parseUserAccount(value: unknown): UserAccount | undefined {
  if (!isRecord(value)) return undefined;
  const { id, email, role, mustChangePassword, createdAt } = value;
  if (typeof id !== 'string' || typeof email !== 'string' || !isRole(role) || typeof createdAt !== 'string') return undefined;
  return { id, email, role, mustChangePassword: mustChangePassword === true, createdAt };
}

/** The body of GET /api/users, or undefined when it is not one. */
export function parseUserList(body: unknown): UserAccount[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.users)) return undefined;
  const users = body.users.map(parseUserAccount);
  return users.every((user) => user !== undefined) ? (users as UserAccount[]) : undefined;
}

/** The body of GET /api/accounts/last-sign-ins as a map from user id to instant. */
export function parseLastSignIns(body: unknown): Map<string, string> | undefined {
  if (!isRecord(body) || !Array.isArray(body.lastSignIns)) return undefined;
  const byUser = new Map<string, string>();
  for (const entry of body.lastSignIns) {
    if (!isRecord(entry) || typeof entry.userId !== 'string' || typeof entry.at !== 'string') return undefined;
    byUser.set(entry.userId, entry.at);
  }
  return byUser;
}
