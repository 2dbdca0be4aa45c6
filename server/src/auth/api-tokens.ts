/** API tokens for scripts: created and revoked by their owner, never above the owner's role. */
import { randomUUID } from 'node:crypto';
import { ERRORS, HttpError } from '../http/errors.js';
import type { AccountStore, ApiTokenRecord, UserRecord } from '../store/account-store.js';
import type { NewToken } from './account-requests.js';
import { MAX_TOKENS_PER_USER, badAccount, lowerRole } from './account-rules.js';
import { roleAllows, type Role } from '../shared/roles.js';
import { API_TOKEN_PREFIX, newSecret, secretHash } from './secret.js';

/** A token's last use is written at most this often. */
export const TOKEN_TOUCH_INTERVAL_MS = 60_000;

export interface TokenDeps {
  store: AccountStore;
  now: () => number;
}

/** A token as its owner sees it: never its secret. */
export interface TokenView {
  id: string;
  name: string;
  role: Role;
  createdAt: string;
  lastUsedAt: string | null;
}

export function tokenView(token: ApiTokenRecord): TokenView {
  return {
    id: token.id,
    name: token.name,
    role: token.role,
    createdAt: new Date(token.createdAtMs).toISOString(),
    lastUsedAt: token.lastUsedAtMs === null ? null : new Date(token.lastUsedAtMs).toISOString(),
  };
}

/** A new token of `owner` (its role defaults to the owner's); its secret is in the answer once. */
export async function createToken(deps: TokenDeps, owner: UserRecord, request: NewToken): Promise<TokenView & { token: string }> {
  const { name } = request;
  const role = request.role ?? owner.role;
  if (!roleAllows(owner.role, role)) throw new HttpError(ERRORS.forbidden, `a token cannot have a role above its owner's (${owner.role})`);
  if ((await deps.store.tokensOf(owner.id)).length >= MAX_TOKENS_PER_USER) {
    throw badAccount(`a user may hold at most ${MAX_TOKENS_PER_USER} tokens; revoke one first`);
  }
  const secret = API_TOKEN_PREFIX + newSecret();
  const record: ApiTokenRecord = { id: randomUUID(), userId: owner.id, name, role, secretHash: secretHash(secret), createdAtMs: deps.now(), lastUsedAtMs: null };
  await deps.store.insertToken(record);
  await deps.store.audit({ atMs: record.createdAtMs, actorId: owner.id, action: 'token-created', subject: record.id });
  return { ...tokenView(record), token: secret };
}

export async function revokeToken(deps: TokenDeps, owner: UserRecord, id: string): Promise<void> {
  if (!(await deps.store.deleteToken(owner.id, id))) throw new HttpError(ERRORS.notFound, `no token ${id}`);
  await deps.store.audit({ atMs: deps.now(), actorId: owner.id, action: 'token-revoked', subject: id });
}

/**
 * The owner of a bearer token and the role it acts with: the lower of the token's and the
 * owner's current one, so that demoting a user demotes their scripts; a deleted owner's tokens
 * are gone with them.
 */
export async function resolveToken(deps: TokenDeps, secret: string): Promise<{ user: UserRecord; role: Role } | undefined> {
  if (!secret.startsWith(API_TOKEN_PREFIX)) return undefined;
  const token = await deps.store.tokenBySecretHash(secretHash(secret));
  if (!token) return undefined;
  const user = await deps.store.userById(token.userId);
  if (!user) return undefined;
  const at = deps.now();
  if (token.lastUsedAtMs === null || at - token.lastUsedAtMs >= TOKEN_TOUCH_INTERVAL_MS) await deps.store.touchToken(token.id, at);
  return { user, role: lowerRole(token.role, user.role) };
}
