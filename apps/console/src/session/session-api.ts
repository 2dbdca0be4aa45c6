import type { ApiFailure } from '../api/api-answer';
import { callApi, type ApiClientOptions } from '../api/api-client';
import { ME_API_PATH, PASSWORD_API_PATH, SESSION_API_PATH } from '../api/api-paths';
import { parseMe, type Me } from './me';

export type Done = { ok: true } | { ok: false; failure: ApiFailure };

/** POST /api/session: the server sets the HttpOnly session cookie on success (204). */
export async function signIn(email: string, password: string, options: ApiClientOptions = {}): Promise<Done> {
  // A 401 here means wrong credentials, not a lost session.
  const result = await callApi({ method: 'POST', path: SESSION_API_PATH, json: { email, password }, guardsSession: false }, options);
  return result.ok ? { ok: true } : result;
}

/** DELETE /api/session: ends the session on the server; the cookie goes with it. */
export async function signOut(options: ApiClientOptions = {}): Promise<Done> {
  const result = await callApi({ method: 'DELETE', path: SESSION_API_PATH, guardsSession: false }, options);
  return result.ok ? { ok: true } : result;
}

export type MeOutcome = { ok: true; me: Me } | { ok: false; failure: ApiFailure };

/** GET /api/me. A 401 is handed back (the layout sends the person to the login page). */
export async function fetchMe(options: ApiClientOptions & { signal?: AbortSignal } = {}): Promise<MeOutcome> {
  const { signal, ...client } = options;
  const result = await callApi({ method: 'GET', path: ME_API_PATH, guardsSession: false, ...(signal === undefined ? {} : { signal }) }, client);
  if (!result.ok) return result;
  const me = parseMe(result.body);
  return me === undefined ? { ok: false, failure: { reason: 'malformed' } } : { ok: true, me };
}

/** POST /api/me/password. */
export async function changePassword(currentPassword: string, newPassword: string, options: ApiClientOptions = {}): Promise<Done> {
  // A wrong current password is a 403 the page explains; a 401 is a lost session like anywhere else.
  const result = await callApi({ method: 'POST', path: PASSWORD_API_PATH, json: { currentPassword, newPassword } }, options);
  return result.ok ? { ok: true } : result;
}
