import { describe, expect, it } from 'vitest';
import { auditActionLabel } from '../src/areas/administracio/account-audit';
import { createAdminApi } from '../src/areas/administracio/admin-api';
import { roleChangeFailureMessage, userCreationProblem, userDeletionFailureMessage } from '../src/areas/administracio/admin-messages';
import { visitorIdFromInput } from '../src/areas/administracio/visitor-id-input';

const VISITOR = '1F65FB944AFA1C05-25FBFAF16BF6E758';
const COUNTS = { hits: 12, heartbeats: 30, mediaSessions: 2, decisionEvents: 1 };
const USER = { id: 'u-1', email: 'pol@example.cat', role: 'editor', mustChangePassword: false, createdAt: '2026-11-20T10:00:00.000Z' };

/** A fetch answering each call with the next scripted answer, recording method, path and body. */
function recordingFetch(...answers: { status: number; body?: unknown }[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    const answer = answers.shift() ?? { status: 500 };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

describe('createAdminApi', () => {
  it('lists users and their latest sign-ins', async () => {
    const { fetch, calls } = recordingFetch({ status: 200, body: { users: [USER] } }, { status: 200, body: { lastSignIns: [{ userId: 'u-1', at: '2026-11-24T08:00:00.000Z' }] } });
    const api = createAdminApi({ fetch });
    expect(await api.listUsers()).toEqual({ ok: true, value: [USER] });
    expect(await api.lastSignIns()).toEqual({ ok: true, value: new Map([['u-1', '2026-11-24T08:00:00.000Z']]) });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/users', 'GET /api/accounts/last-sign-ins']);
  });

  it('creates a user, changes a role with PATCH and deletes, with ids escaped in the path', async () => {
    const { fetch, calls } = recordingFetch({ status: 201, body: USER }, { status: 200, body: { ...USER, role: 'admin' } }, { status: 204 });
    const api = createAdminApi({ fetch });
    expect(await api.createUser({ email: 'pol@example.cat', password: 'una contrasenya llarga', role: 'editor' })).toEqual({ ok: true, value: USER });
    expect(await api.changeRole('u/1', 'admin')).toMatchObject({ ok: true, value: { role: 'admin' } });
    expect(await api.deleteUser('u-1')).toEqual({ ok: true, value: undefined });
    expect(calls).toEqual([
      { method: 'POST', url: '/api/users', body: { email: 'pol@example.cat', password: 'una contrasenya llarga', role: 'editor' } },
      { method: 'PATCH', url: '/api/users/u%2F1', body: { role: 'admin' } },
      { method: 'DELETE', url: '/api/users/u-1', body: undefined },
    ]);
  });

  it('asks for the audit page by page, with the cursor of the page before', async () => {
    const entry = { at: '2026-11-24T08:00:00.000Z', action: 'login', actor: { id: 'u-1', email: 'pol@example.cat' }, subject: 'pol@example.cat', subjectName: null };
    const { fetch, calls } = recordingFetch({ status: 200, body: { entries: [entry], next: '1764000000000-3' } }, { status: 200, body: { entries: [], next: null } });
    const api = createAdminApi({ fetch });
    expect(await api.auditPage(null)).toEqual({ ok: true, value: { entries: [entry], next: '1764000000000-3' } });
    expect(await api.auditPage('1764000000000-3')).toEqual({ ok: true, value: { entries: [], next: null } });
    expect(calls.map((call) => call.url)).toEqual(['/api/accounts/audit?limit=50', '/api/accounts/audit?limit=50&before=1764000000000-3']);
  });

  it("reads a visitor's data and erasure, and the recorded requests", async () => {
    const request = { at: '2026-11-24T08:00:00.000Z', kind: 'erasure', visitorId: VISITOR, requestedBy: { userId: 'u-1', email: 'anna@example.cat' }, rows: COUNTS };
    const data = { visitorId: VISITOR, counts: COUNTS, hits: [{ page_name: 'mesura:portada' }], heartbeats: [], mediaSessions: [], decisionEvents: [] };
    const { fetch, calls } = recordingFetch({ status: 200, body: data }, { status: 200, body: { visitorId: VISITOR, deleted: COUNTS } }, { status: 200, body: { requests: [request] } });
    const api = createAdminApi({ fetch });
    expect(await api.visitorData(VISITOR)).toEqual({ ok: true, value: { visitorId: VISITOR, counts: COUNTS, json: data } });
    expect(await api.eraseVisitor(VISITOR)).toEqual({ ok: true, value: { visitorId: VISITOR, deleted: COUNTS } });
    expect(await api.rightsRequests()).toEqual({ ok: true, value: [request] });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`GET /api/visitors/${VISITOR}/data`, `DELETE /api/visitors/${VISITOR}`, 'GET /api/visitors/requests?limit=100']);
  });

  it('calls an answer malformed when it is not what the API documents', async () => {
    const { fetch } = recordingFetch(
      { status: 200, body: { users: [{ ...USER, role: 'owner' }] } },
      { status: 200, body: { visitorId: 'ANOTHER', counts: COUNTS } },
      { status: 200, body: { entries: [{ at: 'x', action: 'login', actor: 'u-1', subject: null, subjectName: null }], next: null } },
      { status: 200, body: { requests: [{ at: 'x', kind: 'access', visitorId: VISITOR, requestedBy: null, rows: { ...COUNTS, hits: -1 } }] } },
    );
    const api = createAdminApi({ fetch });
    const malformed = { ok: false, failure: { reason: 'malformed' } };
    expect(await api.listUsers()).toEqual(malformed);
    expect(await api.visitorData(VISITOR)).toEqual(malformed);
    expect(await api.auditPage(null)).toEqual(malformed);
    expect(await api.rightsRequests()).toEqual(malformed);
  });

  it("passes the server's refusal on", async () => {
    const { fetch } = recordingFetch({ status: 400, body: { error: 'the last admin cannot be deleted; make another admin first', code: 'MESURA_ERR_BAD_ACCOUNT' } });
    expect(await createAdminApi({ fetch }).deleteUser('u-1')).toEqual({
      ok: false,
      failure: { reason: 'rejected', status: 400, message: 'the last admin cannot be deleted; make another admin first', code: 'MESURA_ERR_BAD_ACCOUNT' },
    });
  });
});

describe("the admin area's messages", () => {
  const refusal = (message: string, status = 400) => ({ reason: 'rejected' as const, status, message, code: 'MESURA_ERR_BAD_ACCOUNT' });

  it("name the field of a user the server refused, quoting the server's limits", () => {
    expect(userCreationProblem(refusal('a user with email pol@example.cat exists already'))).toEqual({
      field: 'email',
      message: "No s'ha pogut crear l'usuari. Ja hi ha un usuari amb aquesta adreça electrònica.",
    });
    expect(userCreationProblem(refusal('email must be an address such as anna@example.cat')).field).toBe('email');
    expect(userCreationProblem(refusal('password must have at least 12 characters'))).toEqual({
      field: 'password',
      message: "No s'ha pogut crear l'usuari. La contrasenya inicial ha de tenir almenys 12 caràcters.",
    });
    expect(userCreationProblem(refusal('password must have at most 1024 characters')).message).toContain('com a màxim 1024 caràcters');
    expect(userCreationProblem(refusal('role must be one of analyst, editor, admin')).field).toBe('role');
    expect(userCreationProblem({ reason: 'network' })).toEqual({
      field: undefined,
      message: "No s'ha pogut crear l'usuari. No s'ha pogut connectar amb el servidor. Comproveu la connexió i torneu-ho a provar.",
    });
  });

  it('explain that the last admin can be neither demoted nor deleted', () => {
    expect(roleChangeFailureMessage('anna@example.cat', refusal('the last admin cannot be demoted; make another admin first'))).toBe(
      "No s'ha pogut canviar el rol de l'usuari anna@example.cat. És l'únic administrador: feu administrador algú altre abans de treure-li aquest rol.",
    );
    expect(userDeletionFailureMessage('anna@example.cat', refusal('the last admin cannot be deleted; make another admin first'))).toBe(
      "No s'ha pogut esborrar anna@example.cat. És l'únic administrador: feu administrador algú altre abans d'esborrar-lo.",
    );
    expect(userDeletionFailureMessage('pol@example.cat', refusal('no user u-1', 404))).toBe("No s'ha pogut esborrar pol@example.cat. Aquest usuari ja no existeix.");
  });

  it('word every audit action in Catalan, and show an unknown one as the server names it', () => {
    expect(auditActionLabel('login-failed')).toBe('Intent fallit d’entrar');
    expect(auditActionLabel('user-role-editor')).toBe('Ha canviat el rol a editor');
    expect(auditActionLabel('user-role-owner')).toBe('user-role-owner');
    expect(auditActionLabel('something-new')).toBe('something-new');
  });
});

describe('visitorIdFromInput', () => {
  it('accepts an id pasted with spaces or read out in lower case, as the server wants it', () => {
    expect(visitorIdFromInput(`  ${VISITOR.toLowerCase()} `)).toBe(VISITOR);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'abc', `${VISITOR}0`, VISITOR.replace('-', '_'), `${VISITOR.slice(0, 16)}-${'G'.repeat(16)}`]) expect(visitorIdFromInput(text)).toBeUndefined();
  });
});
