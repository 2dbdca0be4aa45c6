/**
 * An admin's trust covers an activity as approved: where it runs (its mboxes), for whom (its
 * audience and its experiences' audiences), how it wins over others (priority) and what it shows
 * (offers). A non-admin's change of any of these drops the trust, and the history records the
 * change from trusted to not; an admin's change, or an editor's of anything else, keeps it.
 */
import { GLOBAL_MBOX, type Activity, type DeliveryAction } from '@mesura/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityChange } from '../../src/store/decision-store.js';
import { testActivity } from '../helpers/activity.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const START = Date.UTC(2026, 0, 15, 10);
const SCRIPT_OFFER = '<p>Hola</p><script>hola()</script>';
const TRUST = { trusted: true, trustedBy: 'admin@test.local', trustedAt: new Date(START).toISOString() };

// One server: each test first stores and trusts the activity afresh (trustedActivity).
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, () => START);
});
afterAll(() => t.dispose());

const setContent = (content: string): DeliveryAction => ({ action: 'setContent', selector: 'h1', content });

/** The approved activity: one article's readers, on its own mbox, with an admin's script. */
const approved: Activity = testActivity({
  audience: { path: { prefix: '/noticia/1001/' } },
  experiences: [
    { id: 'control', name: 'Control', share: 1 },
    { id: 'b', name: 'B', share: 1, audience: { device: ['mobile'] }, offer: { id: 'oferta', name: 'Oferta', actions: [setContent(SCRIPT_OFFER)] } },
  ],
});

const [control, b] = approved.experiences as [Activity['experiences'][number], Activity['experiences'][number]];

async function put(definition: Activity, role: 'editor' | 'admin') {
  const response = await t.server.app.inject({ method: 'PUT', url: `/api/activities/${definition.id}`, payload: definition, headers: await t.authHeaders(role) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Activity;
}

/** Stored, trusted, then given its script by the admin (an untrusted definition's script is sanitised away). */
async function trustedActivity(): Promise<void> {
  await put({ ...approved, experiences: [control, { ...b, offer: { ...b.offer!, actions: [setContent('<p>Hola</p>')] } }] }, 'admin');
  const trusted = await t.server.app.inject({ method: 'PUT', url: `/api/activities/${approved.id}/trust`, payload: { trusted: true }, headers: await t.authHeaders('admin') });
  expect(trusted.json()).toMatchObject(TRUST);
  expect(await put(approved, 'admin')).toMatchObject(TRUST);
}

async function latestChange(): Promise<ActivityChange> {
  const history = await t.server.app.inject({ url: `/api/activities/${approved.id}/history`, headers: await t.authHeaders('analyst') });
  return (history.json().changes as ActivityChange[])[0]!;
}

const widenings: [string, Activity][] = [
  ['its audience to every page (/)', { ...approved, audience: { path: { prefix: '/' } } }],
  ['its audience removed', { ...approved, audience: undefined } as Activity],
  ['the global mbox added to its locations', { ...approved, mboxes: [...approved.mboxes, GLOBAL_MBOX] }],
  ['its locations replaced', { ...approved, mboxes: ['una-altra'] }],
  ['its priority', { ...approved, priority: 100 }],
  ['its type (who gets which experience)', { ...approved, type: 'xt' }],
  ["an experience's audience", { ...approved, experiences: [control, { ...b, audience: undefined } as typeof b] }],
  ['its offers', { ...approved, experiences: [control, { ...b, offer: { ...b.offer!, actions: [setContent(`${SCRIPT_OFFER}<b>nou</b>`)] } }] }],
];

describe("a trusted activity's trust", () => {
  it.each(widenings)('is dropped when an editor changes %s, and the history records it', async (_, changed) => {
    await trustedActivity();
    const stored = await put(changed, 'editor');
    expect(stored).not.toHaveProperty('trusted');
    expect(stored).not.toHaveProperty('trustedBy');
    const change = await latestChange();
    expect(change.by).toBe('editor@test.local');
    expect(change.before).toMatchObject(TRUST);
    expect(change.after).not.toHaveProperty('trusted');
  });

  it.each(widenings)('is kept when an admin changes %s', async (_, changed) => {
    await trustedActivity();
    expect(await put(changed, 'admin')).toMatchObject(TRUST);
  });

  it("is kept when an editor changes what the admin's approval does not cover (name, shares, status)", async () => {
    await trustedActivity();
    const renamed = { ...approved, name: 'Reanomenada', status: 'paused' as const, experiences: [{ ...control, share: 3 }, b] };
    expect(await put(renamed, 'editor')).toMatchObject({ ...TRUST, name: 'Reanomenada' });
  });

  it('is kept when an editor sends the same definition with its keys in another order', async () => {
    await trustedActivity();
    const reordered = Object.fromEntries(Object.entries(approved).reverse()) as unknown as Activity;
    expect(await put({ ...reordered, mboxes: [...approved.mboxes] }, 'editor')).toMatchObject(TRUST);
  });
});
