import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPLAY_DAY, deliver, replay } from '../helpers/media.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { ARTICLE_ACTIVITY, OTHER_VISITOR, REPLAY_VISITOR, askDecision, sendPageView } from '../helpers/visitor-traces.js';

const NOON = Date.UTC(2026, 0, 1, 11, 0);
const DAY = REPLAY_DAY;
const V = REPLAY_VISITOR;

let t: TestServer;
let clock = NOON;

beforeEach(async () => {
  clock = NOON;
  // A cohort of one: the activity report counts each of two visitors.
  t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
  await deliver(t, await replay('preroll-ads-chapter-seek.json'), (ms) => (clock = ms));
  clock = NOON;
  await sendPageView(t, V, 'mesura:portada');
  await sendPageView(t, V, 'noticies:x');
  await askDecision(t, V, NOON);
  await sendPageView(t, OTHER_VISITOR, 'mesura:portada');
  await askDecision(t, OTHER_VISITOR, NOON);
});

afterEach(async () => {
  await t.dispose();
});

async function call(method: 'GET' | 'DELETE', url: string, role: 'analyst' | 'admin' | null = 'admin') {
  const headers = role ? await t.authHeaders(role) : {};
  return t.server.app.inject({ method, url, headers });
}

async function json(url: string) {
  const response = await call('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every visitor id the export, the page-view, media and activity reports show for the day. */
async function whatReportsShow() {
  const exported = [...(await json(`/api/export/events?from=${DAY}&to=${DAY}`)), ...(await json(`/api/export/events?from=${DAY}&to=${DAY}&suite=mesuraprod`))] as { visitor_id: string }[];
  return {
    exportedVisitors: [...new Set(exported.map((row) => row.visitor_id))].sort(),
    pageViewVisitors: (await json(`/api/reports/pageviews?from=${DAY}&to=${DAY}`)).visitors,
    mediaSessions: (await json(`/api/reports/media?from=${DAY}&to=${DAY}&suite=mesuraprod`)).total.sessions,
    activityVisitors: (await json(`/api/reports/activities/${ARTICLE_ACTIVITY}`)).totals.visitors,
  };
}

describe('visitor access (GET /api/visitors/:visitorId/data)', () => {
  it('exports every row stored about the visitor id, and no one else', async () => {
    const data = await json(`/api/visitors/${V}/data`);
    expect(Object.keys(data)).toEqual(['visitorId', 'counts', 'hits', 'heartbeats', 'mediaSessions', 'decisionEvents']);
    expect(data.visitorId).toBe(V);
    expect(data.hits.map((h: { page_name: string }) => h.page_name)).toEqual(expect.arrayContaining(['mesura:portada', 'noticies:x']));
    expect(data.hits.every((h: { visitor_id: string }) => h.visitor_id === V)).toBe(true);
    expect(data.heartbeats.length).toBeGreaterThan(0);
    expect(data.mediaSessions).toHaveLength(1);
    expect(data.mediaSessions[0].heartbeats).toBe(data.heartbeats.length);
    expect(data.decisionEvents).toEqual([expect.objectContaining({ type: 'impression', activity_id: ARTICLE_ACTIVITY, analytics_visitor_id: V })]);
    expect(data.counts).toEqual({
      hits: data.hits.length,
      heartbeats: data.heartbeats.length,
      mediaSessions: 1,
      decisionEvents: 1,
    });
  });

  it('answers a visitor id of another format with 400 and one line, and records nothing', async () => {
    for (const bad of ['abc', `${V.toLowerCase()}`, "1F65FB944AFA1C05-25FBFAF16BF6E75'"]) {
      const response = await call('GET', `/api/visitors/${encodeURIComponent(bad)}/data`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'visitorId must be a Mesura visitor id: 16 upper-case hex digits, a hyphen, 16 more',
        code: 'MESURA_ERR_BAD_QUERY',
      });
    }
    expect((await json('/api/visitors/requests')).requests).toEqual([]);
  });

  it('is for admins only', async () => {
    expect((await call('GET', `/api/visitors/${V}/data`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/visitors/${V}/data`, 'analyst')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/visitors/${V}`, 'analyst')).statusCode).toBe(403);
    expect((await call('GET', '/api/visitors/requests', 'analyst')).statusCode).toBe(403);
  });
});

describe('visitor erasure (DELETE /api/visitors/:visitorId)', () => {
  it('removes the visitor from the export and from every report, and only them', async () => {
    const before = await whatReportsShow();
    expect(before).toEqual({ exportedVisitors: [OTHER_VISITOR, V].sort(), pageViewVisitors: 2, mediaSessions: 1, activityVisitors: 2 });
    const counts = (await json(`/api/visitors/${V}/data`)).counts;

    const response = await call('DELETE', `/api/visitors/${V}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ visitorId: V, deleted: counts });

    expect(await whatReportsShow()).toEqual({ exportedVisitors: [OTHER_VISITOR], pageViewVisitors: 1, mediaSessions: 0, activityVisitors: 1 });
    expect((await json(`/api/visitors/${V}/data`)).counts).toEqual({ hits: 0, heartbeats: 0, mediaSessions: 0, decisionEvents: 0 });
  });

  it('erases rows acknowledged just before, and they do not come back after a restart', async () => {
    await sendPageView(t, V, 'mesura:ultima-hora'); // acknowledged, maybe not loaded yet
    const erased = (await call('DELETE', `/api/visitors/${V}`)).json();
    expect(erased.deleted.hits).toBeGreaterThanOrEqual(3);
    const dataDir = t.dataDir;
    await t.server.close();
    t = await startTestServer({ MESURA_DATA_DIR: dataDir }, () => clock);
    const exported = (await json(`/api/export/events?from=${DAY}&to=${DAY}`)) as { visitor_id: string }[];
    expect(exported.map((row) => row.visitor_id)).toEqual([OTHER_VISITOR]);
  });

  it('records each access and erasure: who, when, which visitor, how many rows', async () => {
    clock = NOON + 60_000;
    const accessed = (await json(`/api/visitors/${V}/data`)).counts;
    clock = NOON + 120_000;
    const erased = (await call('DELETE', `/api/visitors/${V}`)).json().deleted;
    const { requests } = await json('/api/visitors/requests');
    const admin = { userId: expect.any(String), email: 'admin@test.local' };
    expect(requests).toEqual([
      { at: new Date(NOON + 120_000).toISOString(), kind: 'erasure', visitorId: V, requestedBy: admin, rows: erased },
      { at: new Date(NOON + 60_000).toISOString(), kind: 'access', visitorId: V, requestedBy: admin, rows: accessed },
    ]);
    expect((await json('/api/visitors/requests?limit=1')).requests).toHaveLength(1);
    expect((await call('GET', '/api/visitors/requests?limit=0')).statusCode).toBe(400);
  });
});
