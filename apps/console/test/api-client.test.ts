import { afterEach, describe, expect, it } from 'vitest';
import { interpretApiAnswer, retryAfterSeconds } from '../src/api/api-answer';
import { callApi } from '../src/api/api-client';
import { onSessionProblem, type SessionProblem } from '../src/api/session-guard';
import { parseMe } from '../src/session/me';
import { signIn } from '../src/session/session-api';
import { parseApiTokenList, parseCreatedApiToken } from '../src/tokens/api-token';

const NOW = new Date('2026-11-23T10:00:00Z');

/** A fetch that answers once with a fixed status, body and headers, and records what it was asked. */
function fakeFetch(status: number, body: string, headers: Record<string, string> = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return new Response(status === 204 ? null : body, { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterSeconds('30', NOW)).toBe(30);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 10:02:00 GMT', NOW)).toBe(120);
  });

  it('never answers a negative or unreadable wait', () => {
    expect(retryAfterSeconds('Mon, 23 Nov 2026 09:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterSeconds('soon', NOW)).toBeUndefined();
    expect(retryAfterSeconds(null, NOW)).toBeUndefined();
  });
});

describe('interpretApiAnswer', () => {
  it('keeps the wait of a 429', () => {
    expect(interpretApiAnswer(429, { error: 'too many failed sign-ins', code: 'MESURA_ERR_TOO_MANY' }, '90', NOW)).toEqual({
      ok: false,
      failure: { reason: 'rejected', status: 429, message: 'too many failed sign-ins', code: 'MESURA_ERR_TOO_MANY', retryAfterSeconds: 90 },
    });
  });

  it('reads a body-less 401 as a refusal, and a 5xx as a server error', () => {
    expect(interpretApiAnswer(401, undefined, null, NOW)).toEqual({ ok: false, failure: { reason: 'rejected', status: 401, message: '' } });
    expect(interpretApiAnswer(502, undefined, null, NOW)).toEqual({ ok: false, failure: { reason: 'server-error', status: 502 } });
  });
});

describe('callApi', () => {
  let problems: SessionProblem[] = [];
  const stopListening = onSessionProblem((problem) => problems.push(problem));
  afterEach(() => {
    problems = [];
  });

  it('sends the session cookie (same origin only) and a JSON body', async () => {
    const { fetch, calls } = fakeFetch(204, '');
    expect(await callApi({ method: 'POST', path: '/api/me/tokens', json: { name: 'informe diari' } }, { fetch })).toEqual({
      ok: true,
      status: 204,
      body: undefined,
    });
    expect(calls[0]?.url).toBe('/api/me/tokens');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"name":"informe diari"}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('tells the layout when a call finds no session, or a password still to change', async () => {
    await callApi({ method: 'GET', path: '/api/me/tokens' }, fakeFetch(401, '{"error":"sign in first","code":"X"}'));
    await callApi({ method: 'GET', path: '/api/me/tokens' }, fakeFetch(403, '{"error":"change your password","code":"MESURA_ERR_PASSWORD_CHANGE_REQUIRED"}'));
    await callApi({ method: 'GET', path: '/api/users' }, fakeFetch(403, '{"error":"admins only","code":"MESURA_ERR_FORBIDDEN"}'));
    expect(problems).toEqual(['signed-out', 'password-change-required']);
  });

  it('does not treat a wrong password at the login as a lost session', async () => {
    const outcome = await signIn('admin@localhost', 'dolenta', fakeFetch(401, '{"error":"wrong email or password","code":"X"}'));
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'rejected', status: 401 } });
    expect(problems).toEqual([]);
  });

  it('reports a network failure instead of throwing', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    expect(await callApi({ method: 'DELETE', path: '/api/session' }, { fetch })).toEqual({ ok: false, failure: { reason: 'network' } });
  });

  it('stops telling a layout that has unregistered', async () => {
    stopListening();
    await callApi({ method: 'GET', path: '/api/me/tokens' }, fakeFetch(401, '{"error":"sign in first","code":"X"}'));
    expect(problems).toEqual([]);
  });
});

describe('answers of the account API', () => {
  it('reads GET /api/me', () => {
    expect(parseMe({ id: 1, email: 'admin@localhost', role: 'admin', mustChangePassword: true })).toEqual({
      id: '1',
      email: 'admin@localhost',
      role: 'admin',
      mustChangePassword: true,
    });
    expect(parseMe({ id: 'u1', email: 'a@b', role: 'root' })).toBeUndefined();
  });

  it('reads the token list, a token never used included', () => {
    const body = { tokens: [{ id: 't1', name: 'informe', role: 'analyst', createdAt: '2026-11-23T10:00:00Z', lastUsedAt: null }] };
    expect(parseApiTokenList(body)).toEqual(body.tokens);
    expect(parseApiTokenList({ tokens: [{ id: 't1', name: 'informe', role: 'owner', createdAt: 'x' }] })).toBeUndefined();
  });

  it('reads a created token only with its secret', () => {
    const created = { id: 't2', name: 'export', role: 'analyst', createdAt: '2026-11-23T10:00:00Z', token: 'mesura_abc' };
    expect(parseCreatedApiToken(created)).toEqual(created);
    expect(parseCreatedApiToken({ ...created, token: '' })).toBeUndefined();
  });
});
