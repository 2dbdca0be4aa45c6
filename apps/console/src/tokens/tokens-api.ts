import type { Outcome } from '../api/api-answer';
import { callApi, type ApiClientOptions } from '../api/api-client';
import { API_TOKENS_API_PATH } from '../api/api-paths';
import type { Role } from '../session/roles';
import { parseApiTokenList, parseCreatedApiToken, type ApiToken, type CreatedApiToken } from './api-token';

/** GET /api/me/tokens: the signed-in person's tokens. */
export async function listApiTokens(options: ApiClientOptions & { signal?: AbortSignal } = {}): Promise<Outcome<ApiToken[]>> {
  const { signal, ...client } = options;
  const result = await callApi({ method: 'GET', path: API_TOKENS_API_PATH, ...(signal === undefined ? {} : { signal }) }, client);
  if (!result.ok) return result;
  const tokens = parseApiTokenList(result.body);
  return tokens === undefined ? { ok: false, failure: { reason: 'malformed' } } : { ok: true, value: tokens };
}

/** POST /api/me/tokens: a new token, its secret in the answer only. */
export async function createApiToken(name: string, role: Role, options: ApiClientOptions = {}): Promise<Outcome<CreatedApiToken>> {
  const result = await callApi({ method: 'POST', path: API_TOKENS_API_PATH, json: { name, role } }, options);
  if (!result.ok) return result;
  const created = parseCreatedApiToken(result.body);
  return created === undefined ? { ok: false, failure: { reason: 'malformed' } } : { ok: true, value: created };
}

/** DELETE /api/me/tokens/:id: scripts using it are refused from then on. */
export async function revokeApiToken(id: string, options: ApiClientOptions = {}): Promise<Outcome<undefined>> {
  const result = await callApi({ method: 'DELETE', path: `${API_TOKENS_API_PATH}/${encodeURIComponent(id)}` }, options);
  return result.ok ? { ok: true, value: undefined } : result;
}
