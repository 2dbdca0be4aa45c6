import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY_STATUSES, encodeDeliveryQuery, parseDeliveryResponse, type Activity, type ActivityStatus, type DeliveryResponse } from '@mesura/protocol';
import { parseActivity } from '../../src/decide/activity.js';
import { siteActivities } from '../../src/decide/site-activities.js';
import type { ActivityChange } from '../../src/store/decision-store.js';
import { testActivity } from '../helpers/activity.js';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';
import { BROWSER_UA, startTestServer, type TestServer } from '../helpers/test-server.js';

const START = Date.UTC(2026, 0, 15, 10);
let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({}, () => START);
});
afterEach(() => t.dispose());

const draft = testActivity({
  id: 'nova',
  status: 'draft',
  experiences: [
    { id: 'a', name: 'A', share: 1 },
    { id: 'b', name: 'B', share: 1, offer: { id: 'o-b', name: 'Oferta B', html: '<p>B</p>' } },
  ],
});

const put = async (activity: Activity) => t.server.app.inject({ method: 'PUT', url: `/api/activities/${activity.id}`, payload: activity, headers: await t.authHeaders('editor') });

async function offersFor(mbox: string): Promise<DeliveryResponse['offers']> {
  const query = encodeDeliveryQuery(articleDeliveryRequest(START, { mbox, deviceId: `${'d'.repeat(32)}.1_0` }));
  const response = await t.server.app.inject({ url: `/m2/mesura/mbox/json?${query}`, headers: { 'user-agent': BROWSER_UA } });
  const parsed = parseDeliveryResponse(response.json());
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value.offers;
}

describe('activity lifecycle', () => {
  it('accepts the four statuses and names them when refusing another', () => {
    expect(ACTIVITY_STATUSES).toEqual(['draft', 'active', 'paused', 'archived']);
    for (const status of ACTIVITY_STATUSES) expect(parseActivity({ ...draft, status }).ok).toBe(true);
    const refused = parseActivity({ ...draft, status: 'running' });
    expect(!refused.ok && refused.reason).toBe('activity nova: status must be draft, active, paused or archived');
  });

  it('creates an activity with a PUT of a new id, recorded in its history with no before', async () => {
    const created = await put(draft);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual(draft);
    const one = await t.server.app.inject({ url: '/api/activities/nova', headers: await t.authHeaders('analyst') });
    expect(one.json()).toEqual(draft);
    const history = await t.server.app.inject({ url: '/api/activities/nova/history', headers: await t.authHeaders('analyst') });
    expect(history.json().changes as ActivityChange[]).toEqual([{ at: new Date(START).toISOString(), by: 'editor@test.local', before: null, after: draft }]);
  });

  it('decides only an active activity: a draft, a paused and an archived one are not served', async () => {
    await put(draft);
    const served = new Map<ActivityStatus, number>();
    for (const status of ['draft', 'active', 'paused', 'archived', 'active'] as const) {
      expect((await put({ ...draft, status })).statusCode).toBe(200);
      served.set(status, (await offersFor('nova')).length);
    }
    expect(Object.fromEntries(served)).toEqual({ draft: 0, active: 1, paused: 0, archived: 0 });
  });

  it('lists drafts and archived activities beside the active ones, and keeps the seeds active', async () => {
    await put(draft);
    await put({ ...draft, id: 'vella', mboxes: ['vella'], status: 'archived' });
    const list = (await t.server.app.inject({ url: '/api/activities', headers: await t.authHeaders('analyst') })).json().activities as Activity[];
    const statuses = Object.fromEntries(list.map((a) => [a.id, a.status]));
    expect(statuses).toMatchObject({ nova: 'draft', vella: 'archived' });
    for (const seed of siteActivities()) expect(statuses[seed.id]).toBe('active');
  });

  it('refuses a bad status with 400 and the activity code, and stores nothing', async () => {
    const refused = await put({ ...draft, status: 'stopped' as ActivityStatus });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'activity nova: status must be draft, active, paused or archived', code: 'MESURA_ERR_BAD_ACTIVITY' });
    expect((await t.server.app.inject({ url: '/api/activities/nova', headers: await t.authHeaders('analyst') })).statusCode).toBe(404);
  });
});
