import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '@mesura/protocol';
import { siteActivities } from '../../src/decide/site-activities.js';
import type { ActivityChange } from '../../src/store/decision-store.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const START = Date.UTC(2026, 0, 15, 10);
let clock = START;
let t: TestServer;
beforeEach(async () => {
  clock = START;
  t = await startTestServer({}, () => clock);
});
afterEach(() => t.dispose());

const seed = () => siteActivities().find((a) => a.id === 'titular-1001')!;

async function history(id: string, role: 'analyst' | null = 'analyst') {
  return t.server.app.inject({ url: `/api/activities/${id}/history`, headers: role ? await t.authHeaders(role) : {} });
}

const changesOf = async (id: string) => (await history(id)).json().changes as ActivityChange[];

describe('activity history', () => {
  it('records the seeds of a first start as by system', async () => {
    const [created] = await changesOf('titular-1001');
    expect(await changesOf('titular-1001')).toHaveLength(1);
    expect(created).toEqual({ at: new Date(START).toISOString(), by: 'system', before: null, after: seed() });
  });

  it('keeps every change, newest first: who, when, the definition before and after', async () => {
    clock = START + 60_000;
    const renamed: Activity = { ...seed(), name: 'Canviat' };
    const edit = await t.server.app.inject({ method: 'PUT', url: '/api/activities/titular-1001', payload: renamed, headers: await t.authHeaders('editor') });
    expect(edit.statusCode, edit.body).toBe(200);
    clock = START + 120_000;
    await t.server.app.inject({ method: 'PUT', url: '/api/activities/titular-1001/trust', payload: { trusted: true }, headers: await t.authHeaders('admin') });
    const changes = await changesOf('titular-1001');
    expect(changes.map((c) => [c.at, c.by])).toEqual([
      [new Date(START + 120_000).toISOString(), 'admin@test.local'],
      [new Date(START + 60_000).toISOString(), 'editor@test.local'],
      [new Date(START).toISOString(), 'system'],
    ]);
    expect(changes[1]).toMatchObject({ before: seed(), after: renamed });
    expect(changes[0]!.before).toEqual(renamed);
    expect(changes[0]!.after).toEqual({ ...renamed, trusted: true, trustedBy: 'admin@test.local', trustedAt: new Date(START + 120_000).toISOString() });
  });

  it('records a created activity with no before, and nothing for a refused change', async () => {
    const created: Activity = { ...seed(), id: 'nova', mboxes: ['nova'] };
    await t.server.app.inject({ method: 'PUT', url: '/api/activities/nova', payload: created, headers: await t.authHeaders('editor') });
    const refused = await t.server.app.inject({ method: 'PUT', url: '/api/activities/nova', payload: { ...created, trusted: true }, headers: await t.authHeaders('editor') });
    expect(refused.statusCode).toBe(400);
    expect(await changesOf('nova')).toEqual([{ at: new Date(START).toISOString(), by: 'editor@test.local', before: null, after: created }]);
  });

  it('answers 404 for an unknown activity and 401 without a session', async () => {
    const unknown = await history('cap');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('MESURA_ERR_NOT_FOUND');
    expect((await history('titular-1001', null)).statusCode).toBe(401);
  });
});
