import { isRecord } from '../api/api-answer';
import { isRole, type Role } from '../session/roles';

/** One of the person's API tokens as GET /api/me/tokens lists it (never its secret). */
export interface ApiToken {
  id: string;
  name: string;
  role: Role;
  /** ISO 8601 instants. */
  createdAt: string;
  /** Null until a script has used it. */
  lastUsedAt: string | null;
}

/** The answer to POST /api/me/tokens: the token with its secret, shown this once. */
export interface CreatedApiToken extends Omit<ApiToken, 'lastUsedAt'> {
  token: string;
}

function parseId(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

export function parseApiToken(value: unknown): ApiToken | undefined {
  if (!isRecord(value)) return undefined;
  const id = parseId(value.id);
  const { name, role, createdAt, lastUsedAt } = value;
  if (id === undefined || typeof name !== 'string' || !isRole(role) || typeof createdAt !== 'string') return undefined;
  if (lastUsedAt !== null && lastUsedAt !== undefined && typeof lastUsedAt !== 'string') return undefined;
  return { id, name, role, createdAt, lastUsedAt: lastUsedAt ?? null };
}

/** The body of GET /api/me/tokens, or undefined when it is not one. */
export function parseApiTokenList(body: unknown): ApiToken[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.tokens)) return undefined;
  const tokens: ApiToken[] = [];
  for (const value of body.tokens) {
    const token = parseApiToken(value);
    if (token === undefined) return undefined;
    tokens.push(token);
  }
  return tokens;
}

export function parseCreatedApiToken(body: unknown): CreatedApiToken | undefined {
  if (!isRecord(body) || typeof body.token !== 'string' || body.token === '') return undefined;
  const listed = parseApiToken({ ...body, lastUsedAt: null });
  if (listed === undefined) return undefined;
  const { lastUsedAt: _unused, ...token } = listed;
  return { ...token, token: body.token };
}
