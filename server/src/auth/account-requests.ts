/**
 * The checked input of the account routes: each body's fields and each path's id are checked for
 * format and length before anything is looked up, used or stored (a failed sign-in's audit entry
 * included), so that a 60 KB "email" never reaches the audit. A field a route does not take is
 * refused rather than ignored: a typo (`rol`) must not fall back to a default such as a token
 * with all its owner's role. Pure; each refusal is a one-line 400 (MESURA_ERR_BAD_ACCOUNT).
 */
import { badAccount, objectBody, parseEmail, parseRole, parseTokenName } from './account-rules.js';
import { MAX_PASSWORD_LENGTH, passwordProblem } from './password.js';
import type { Role } from '../shared/roles.js';

/** Users and tokens are named by `randomUUID()`s: nothing else is looked up. */
const ID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ID_EXAMPLE = '0b6f3c8e-2f0a-4d7e-9c1b-5a4e3d2c1b0a';
/** An unknown field's name is echoed this far at most, control characters masked: the message stays one short line. */
const MAX_FIELD_NAME_ECHOED_CHARS = 40;

export interface SignIn {
  email: string;
  password: string;
}

export interface NewUser {
  email: string;
  password: string;
  role: Role;
}

/** An admin's change of a user: at least one of the two. */
export interface UserChange {
  role?: Role;
  password?: string;
}

export interface NewToken {
  name: string;
  /** Defaults to the owner's role. */
  role?: Role;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** `POST /api/session`: any address and password within the limits (the password's rules are for setting one). */
export function parseSignIn(body: unknown): SignIn {
  const fields = fieldsOf(body, ['email', 'password']);
  return { email: parseEmail(fields.email), password: givenPassword('password', fields.password) };
}

/** `POST /api/users`. */
export function parseNewUser(body: unknown): NewUser {
  const fields = fieldsOf(body, ['email', 'password', 'role']);
  return { email: parseEmail(fields.email), password: newPassword(fields.password), role: parseRole(fields.role) };
}

/** `PATCH /api/users/:id`. */
export function parseUserChange(body: unknown): UserChange {
  const fields = fieldsOf(body, ['role', 'password']);
  if (fields.role === undefined && fields.password === undefined) throw badAccount('nothing to change: give role and/or password');
  return {
    ...(fields.role === undefined ? {} : { role: parseRole(fields.role) }),
    ...(fields.password === undefined ? {} : { password: newPassword(fields.password) }),
  };
}

/** `POST /api/me/tokens`. */
export function parseNewToken(body: unknown): NewToken {
  const fields = fieldsOf(body, ['name', 'role']);
  return { name: parseTokenName(fields.name), ...(fields.role === undefined ? {} : { role: parseRole(fields.role) }) };
}

/** `POST /api/me/password`. */
export function parsePasswordChange(body: unknown): PasswordChange {
  const fields = fieldsOf(body, ['currentPassword', 'newPassword']);
  return { currentPassword: givenPassword('currentPassword', fields.currentPassword), newPassword: newPassword(fields.newPassword) };
}

export function parseUserId(value: unknown): string {
  return parseId(value, 'user');
}

export function parseTokenId(value: unknown): string {
  return parseId(value, 'token');
}

function parseId(value: unknown, kind: 'user' | 'token'): string {
  if (typeof value !== 'string' || !ID_FORMAT.test(value)) throw badAccount(`id must be a ${kind} id such as ${ID_EXAMPLE}`);
  return value;
}

/** The body's fields, refused when it names one the route does not take. */
function fieldsOf<Name extends string>(body: unknown, names: readonly Name[]): Partial<Record<Name, unknown>> {
  const fields = objectBody(body);
  const unknown = Object.keys(fields).find((key) => !(names as readonly string[]).includes(key));
  if (unknown !== undefined) throw badAccount(`unknown field '${echoed(unknown)}'; expected ${listed(names)}`);
  return fields as Partial<Record<Name, unknown>>;
}

function echoed(name: string): string {
  return name.slice(0, MAX_FIELD_NAME_ECHOED_CHARS).replace(/\p{Cc}/gu, '?');
}

function listed(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A password typed to prove who one is: any text the hashing accepts. */
function givenPassword(field: string, value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_PASSWORD_LENGTH) {
    throw badAccount(`${field} must be a text of 1 to ${MAX_PASSWORD_LENGTH} characters`);
  }
  return value;
}

/** A password being set: the rules of password.ts. */
function newPassword(value: unknown): string {
  const problem = passwordProblem(value);
  if (problem) throw badAccount(problem);
  return value as string;
}
