import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOTATION_TEXT_MAX_CHARS, type Annotation } from '@mesura/protocol';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** A server start: generous, as the test machine may be busy. */
const SETUP_TIMEOUT_MS = 60_000;
const NOON = Date.UTC(2026, 10, 23, 11, 0);
type Role = 'analyst' | 'editor' | 'admin';

describe('chart notes (GET|POST /api/annotations, PUT|DELETE /api/annotations/:id)', () => {
  let t: TestServer;
  let clock = NOON;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, role: Role = 'analyst', payload?: unknown) =>
    t.server.app.inject({ method, url, headers: await t.authHeaders(role), ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });
  const write = async (payload: unknown, role: Role = 'analyst'): Promise<Annotation> => {
    const response = await call('POST', '/api/annotations', role, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Annotation;
  };
  const list = async (query: string, role: Role = 'analyst'): Promise<Annotation[]> => {
    const response = await call('GET', `/api/annotations?${query}`, role);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return (response.json() as { annotations: Annotation[] }).annotations;
  };

  beforeAll(async () => {
    t = await startTestServer({ MESURA_LOG_LEVEL: 'error' }, () => clock);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.dispose();
  });

  it('keeps who wrote a note and when, and shows it to the whole team within its range', async () => {
    const note = await write({ day: '2026-11-22', time: '21:00', text: "  Nit d'eleccions " });
    expect(note).toMatchObject({ day: '2026-11-22', time: '21:00', text: "Nit d'eleccions", author: 'analyst@test.local', updatedAt: '2026-11-23T11:00:00.000Z' });
    expect(note.id).toMatch(/^[0-9a-f]{16}$/);
    await write({ day: '2026-11-20', text: 'Tall del CDN' }, 'editor');
    await write({ day: '2026-10-01', text: 'Fora del període' }, 'editor');
    const seen = await list('from=2026-11-16&to=2026-11-22', 'editor');
    expect(seen.map((a) => [a.day, a.text, a.author])).toEqual([
      ['2026-11-20', 'Tall del CDN', 'editor@test.local'],
      ['2026-11-22', "Nit d'eleccions", 'analyst@test.local'],
    ]);
  });

  it('lets its author or an admin change or delete a note, and nobody else', async () => {
    const note = await write({ day: '2026-11-21', text: 'Campanya a les xarxes' });
    const byEditor = await call('PUT', `/api/annotations/${note.id}`, 'editor', { day: '2026-11-21', text: 'Una altra cosa' });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json().code).toBe('MESURA_ERR_FORBIDDEN');
    expect((await call('DELETE', `/api/annotations/${note.id}`, 'editor')).statusCode).toBe(403);
    clock = NOON + 60_000;
    const byAuthor = await call('PUT', `/api/annotations/${note.id}`, 'analyst', { day: '2026-11-21', time: '08:30', text: 'Campanya a Instagram' });
    expect(byAuthor.statusCode, byAuthor.body).toBe(200);
    expect(byAuthor.json()).toMatchObject({ id: note.id, time: '08:30', text: 'Campanya a Instagram', author: 'analyst@test.local', updatedAt: '2026-11-23T11:01:00.000Z' });
    // An admin corrects it; it stays its author's.
    const byAdmin = await call('PUT', `/api/annotations/${note.id}`, 'admin', { day: '2026-11-21', text: 'Campanya a Instagram i TikTok' });
    expect(byAdmin.json()).toMatchObject({ author: 'analyst@test.local', text: 'Campanya a Instagram i TikTok' });
    expect((await call('DELETE', `/api/annotations/${note.id}`, 'admin')).statusCode).toBe(204);
    expect((await list('from=2026-11-21&to=2026-11-21')).map((a) => a.id)).not.toContain(note.id);
    expect((await call('DELETE', `/api/annotations/${note.id}`, 'admin')).statusCode).toBe(404);
  });

  it.each([
    ['no text', { day: '2026-11-21', text: '   ' }, 'text must say something'],
    ['a text over the limit', { day: '2026-11-21', text: 'x'.repeat(ANNOTATION_TEXT_MAX_CHARS + 1) }, `text is longer than ${ANNOTATION_TEXT_MAX_CHARS} characters; say it shorter`],
    ['a day that does not exist', { day: '2026-02-30', text: 'x' }, 'day must be a date written YYYY-MM-DD'],
    ['a time past the day', { day: '2026-11-21', time: '24:00', text: 'x' }, 'time must be HH:MM, from 00:00 to 23:59'],
    ['an author given by the client', { day: '2026-11-21', text: 'x', author: 'someone@else' }, "unknown field 'author'; a note has day, time and text"],
    ['a line break', { day: '2026-11-21', text: 'a\nb' }, 'text must be one line without control characters'],
  ])('refuses a note with %s in one line, and stores nothing', async (_case, payload, message) => {
    const before = await list('from=2026-01-01&to=2026-12-31');
    const response = await call('POST', '/api/annotations', 'analyst', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'MESURA_ERR_BAD_ANNOTATION', error: message });
    expect(await list('from=2026-01-01&to=2026-12-31')).toEqual(before);
  });

  it('refuses a listing without a checked range', async () => {
    for (const query of ['from=2026-11-22', 'from=2026-11-22&to=2026-11-01', 'from=2025-01-01&to=2026-12-31', 'from=2026-11-01&to=2026-11-22&x=1']) {
      expect((await call('GET', `/api/annotations?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('answers only a signed-in person', async () => {
    expect((await t.server.app.inject({ url: '/api/annotations?from=2026-11-01&to=2026-11-22' })).statusCode).toBe(401);
    expect((await t.server.app.inject({ method: 'POST', url: '/api/annotations', payload: { day: '2026-11-21', text: 'x' } })).statusCode).toBe(401);
  });
});
