/** Pure rules on account input: emails, token names, roles, the last admin. */
import { MAX_EMAIL_CHARS } from '@mesura/content';
import { ERRORS, HttpError } from '../http/errors.js';
import type { UserRecord } from '../store/account-store.js';
import { ROLES, isRole, type Role } from '../shared/roles.js';

export const MAX_TOKEN_NAME_LENGTH = 100;
/** Tokens one user may hold at once: enough for every script, few enough to review. */
export const MAX_TOKENS_PER_USER = 50;
/** One `@` between non-empty parts without spaces or control characters: `admin@localhost` is an address too. */
const EMAIL_FORMAT = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u;
/** Control characters (line breaks, escapes) would break the console's lists and the audit's lines. */
const CONTROL_CHARACTER = /\p{Cc}/u;

export function badAccount(message: string): HttpError {
  return new HttpError(ERRORS.badAccount, message);
}

/** The email as stored (trimmed, lower-cased), or undefined when it is no address or too long. */
export function storedEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  return email.length <= MAX_EMAIL_CHARS && EMAIL_FORMAT.test(email) ? email : undefined;
}

/** The email as stored, or a 400 naming what is wrong. */
export function parseEmail(value: unknown): string {
  if (typeof value !== 'string') throw badAccount('email must be a string');
  const email = storedEmail(value);
  if (email === undefined) throw badAccount(`email must be an address such as anna@example.cat`);
  return email;
}

export function parseRole(value: unknown): Role {
  if (!isRole(value)) throw badAccount(`role must be one of ${ROLES.join(', ')}`);
  return value;
}

export function parseTokenName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_TOKEN_NAME_LENGTH || CONTROL_CHARACTER.test(value)) {
    throw badAccount(`name must be a text of 1 to ${MAX_TOKEN_NAME_LENGTH} characters, without control characters`);
  }
  return value.trim();
}

/** The lower of two roles: what a token may do is never above what its owner may do now. */
export function lowerRole(a: Role, b: Role): Role {
  return ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b;
}

/** True when `change` would leave no admin (deleting or demoting the only one). */
export function removesLastAdmin(users: readonly UserRecord[], userId: string, newRole: Role | 'deleted'): boolean {
  const admins = users.filter((user) => user.role === 'admin');
  const target = admins.find((user) => user.id === userId);
  return target !== undefined && newRole !== 'admin' && admins.length === 1;
}

/** A JSON body as an object of fields, or a 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badAccount('the body must be a JSON object');
  return body as Record<string, unknown>;
}
