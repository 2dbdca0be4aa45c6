/**
 * Media goals, funnel steps and segment conditions of a moment and a stream (docs/goals.md
 * "Media"): a completion is a start hit whose session sent a main `complete` heartbeat, placed at
 * that heartbeat's receive time; live and on demand are the session's stream type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelDefinition, GoalDefinition, SegmentCondition } from '@mesura/protocol';
import { MEDIA_HOME, MEDIA_LIVE_PROGRAMME, MEDIA_MORNING, MEDIA_RANGE, mediaGoalTraffic } from '../helpers/media-goal-traffic.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const RANGE = `from=${MEDIA_RANGE.from}&to=${MEDIA_RANGE.to}`;

interface Answer {
  rows: { key: string; values: Record<string, number | null> }[];
  totals: { values: Record<string, number | null> };
}

const GOALS: GoalDefinition[] = [
  { id: 'started', name: 'Inici', type: 'media' },
  { id: 'completed', name: 'Vist sencer', type: 'media', moment: 'complete' },
  { id: 'live', name: 'En directe', type: 'media', stream: 'live' },
  { id: 'on-demand', name: 'A la carta', type: 'media', moment: 'start', stream: 'on-demand' },
  { id: 'completed-prog-1', name: 'Programa 1 sencer', type: 'media', moment: 'complete', stream: 'on-demand', programme: 'prog-1', channel: 'tv3' },
  { id: 'completed-live', name: 'Directe sencer', type: 'media', moment: 'complete', stream: 'live' },
  // The programme of B's heartbeats, which its start hit does not carry; and prog-1, which A's and D's start hits carry (D's without a session).
  { id: 'live-programme', name: 'Telenotícies', type: 'media', programme: MEDIA_LIVE_PROGRAMME },
  { id: 'prog-1', name: 'Programa 1', type: 'media', programme: 'prog-1' },
];

const STEPS: FunnelDefinition['steps'] = [
  { type: 'page', name: 'Portada', url: MEDIA_HOME, match: 'exact' },
  { type: 'media', name: 'Vist sencer', moment: 'complete' },
];

describe('media goals, steps and conditions of a moment and a stream (minimum cohort 1)', () => {
  let t: TestServer;
  let clock = MEDIA_MORNING;
  const put = async (kind: 'goals' | 'funnels' | 'segments', body: { id: string }) => {
    const response = await t.server.app.inject({ method: 'PUT', url: `/api/${kind}/${body.id}`, headers: await t.authHeaders('editor'), payload: body });
    expect(response.statusCode, response.body).toBe(201);
  };
  const report = async (path: string): Promise<Answer> => {
    const response = await t.server.app.inject({ url: `/api/reports/${path}&${RANGE}`, headers: await t.authHeaders('analyst') });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Answer;
  };
  const segment = (id: string, condition: SegmentCondition) => put('segments', { id, name: id, shared: true, match: 'all', groups: [{ match: 'all', conditions: [condition] }] } as { id: string });

  beforeAll(async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1', MESURA_LOG_LEVEL: 'error' }, () => clock);
    for (const request of mediaGoalTraffic()) {
      clock = request.at;
      const response = await t.server.app.inject({ url: request.url, headers: { 'user-agent': request.ua } });
      expect(response.statusCode, request.url).toBe(200);
    }
    // Defined after the events: they apply to the stored past.
    for (const goal of GOALS) await put('goals', goal);
    await put('funnels', { id: 'in-visit', name: 'Portada i vist sencer', scope: 'visit', steps: STEPS } as { id: string });
    await put('funnels', { id: 'one-day', name: 'En un dia', scope: 'days', days: 1, steps: STEPS } as { id: string });
    await segment('completed', { type: 'media', moment: 'complete' });
    await segment('live', { type: 'media', stream: 'live' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('counts a completion in the visit going on when its heartbeat is received, live or on demand by the session, and a programme the start hit or else its session names', async () => {
    const conversions: Record<string, unknown> = {};
    for (const goal of GOALS) conversions[goal.id] = (await report(`goals/by-source?goal=${goal.id}`)).totals.values.conversions;
    // A completes in the visit; C's completion comes 80 minutes after its last page (no visit); D's start has no session.
    expect(conversions).toEqual({ started: 4, completed: 1, live: 1, 'on-demand': 2, 'completed-prog-1': 1, 'completed-live': 0, 'live-programme': 1, 'prog-1': 2 });
  });

  it('orders a completion after the pages by its receive time, within a visit or a day', async () => {
    const inVisit = await report('funnels/steps?funnel=in-visit');
    expect(inVisit.rows.map((row) => row.values.visitors)).toEqual([4, 1]);
    // A's home at 0 and completion received at 13 minutes (its player said 8).
    expect(inVisit.rows.map((row) => row.values.seconds_from_previous)).toEqual([null, 13 * 60]);
    const oneDay = await report('funnels/steps?funnel=one-day');
    expect(oneDay.rows.map((row) => row.values.visitors)).toEqual([4, 2]);
    expect(oneDay.rows.map((row) => row.values.seconds_from_previous)).toEqual([null, (13 * 60 + 80 * 60) / 2]);
  });

  it('keeps the visitors who completed a media, or watched live, in a segment', async () => {
    expect((await report('audience/by-day?s=completed')).totals.values.visitors).toBe(2);
    expect((await report('audience/by-day?s=live')).totals.values.visitors).toBe(1);
    expect((await report('technology/devices?s=live')).rows.map((row) => row.key)).toEqual(['mobile']);
  });

  it('refuses a moment or a stream it does not know, and on a goal of another type', async () => {
    const refused = [
      { id: 'bad', name: 'Moment', type: 'media', moment: 'middle' },
      { id: 'bad', name: 'Emissió', type: 'media', stream: 'vod' },
      { id: 'bad', name: 'Pàgina', type: 'search', moment: 'complete' },
    ];
    const reasons: string[] = [];
    for (const goal of refused) {
      const response = await t.server.app.inject({ method: 'PUT', url: '/api/goals/bad', headers: await t.authHeaders('editor'), payload: goal });
      expect(response.statusCode).toBe(400);
      reasons.push(response.json().error);
    }
    expect(reasons).toEqual(['moment must be one of start, complete', 'stream must be one of live, on-demand', 'moment is not a field of a search goal']);
  });
});
