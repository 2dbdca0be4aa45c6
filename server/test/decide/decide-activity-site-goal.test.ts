/**
 * An activity whose goal is one of the site's goals (decide/activity-site-goal.ts): the API refuses
 * one naming a goal the site does not keep, and the activity's report counts a visitor converted
 * by a hit that reaches the goal after their impression, as the goal's report counts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDeliveryQuery, parseDeliveryResponse, type Activity, type DeliveryRequest, type GoalDefinition } from '@mesura/protocol';
import { parseActivity } from '../../src/decide/activity.js';
import { testActivity } from '../helpers/activity.js';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const START = Date.UTC(2026, 0, 15, 10);
const THANKS_URL = 'http://localhost:8080/gracies/';
const THANKS: GoalDefinition = { id: 'gracies', name: 'Pàgina de gràcies', type: 'page', url: THANKS_URL, match: 'exact' };
const experiences = [
  { id: 'a', name: 'A', share: 1 },
  { id: 'b', name: 'B', share: 1, offer: { id: 'o-b', name: 'Oferta B', html: '<p>B</p>' } },
];

let t: TestServer;
let clock = START;
beforeAll(async () => {
  // A cohort of one: one visitor shows their experience's figures.
  t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
}, 60_000);
afterAll(() => t?.dispose());

const put = async (activity: Activity) => t.server.app.inject({ method: 'PUT', url: `/api/activities/${activity.id}`, payload: activity, headers: await t.authHeaders('editor') });
const putGoal = async (goal: GoalDefinition) => t.server.app.inject({ method: 'PUT', url: `/api/goals/${goal.id}`, payload: goal, headers: await t.authHeaders('editor') });

async function ask(request: DeliveryRequest): Promise<void> {
  const response = await t.server.app.inject({ url: `/m2/mesura/mbox/json?${encodeDeliveryQuery(request)}`, headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = parseDeliveryResponse(response.json());
  if (!parsed.ok) throw new Error(parsed.reason);
}

async function pageView(fid: string, url: string): Promise<void> {
  const response = await t.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid }, url })), headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode).toBe(200);
}

describe('an activity converting on a goal of the site', () => {
  it('refuses a goal that is not a site goal id, naming the goals route', () => {
    const result = parseActivity(testActivity({ experiences, goal: { type: 'siteGoal', goal: 'Gràcies!' } }));
    expect(result).toEqual({ ok: false, reason: 'activity prova: goal must name a site goal by its id (GET /api/goals lists them)' });
  });

  it('refuses a site goal the site does not keep, and keeps nothing', async () => {
    const response = await put(testActivity({ id: 'sense-objectiu', experiences, goal: { type: 'siteGoal', goal: 'cap-objectiu' } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'MESURA_ERR_BAD_ACTIVITY',
      error: 'activity sense-objectiu: goal names no site goal cap-objectiu: choose one GET /api/goals lists',
    });
    const stored = await t.server.app.inject({ url: '/api/activities/sense-objectiu', headers: await t.authHeaders('analyst') });
    expect(stored.statusCode).toBe(404);
  });

  it("counts a visitor converted by the goal's exact address after their impression, not by a near one", async () => {
    expect((await putGoal(THANKS)).statusCode).toBe(201);
    const activity = testActivity({ id: 'gracies-prova', experiences, goal: { type: 'siteGoal', goal: THANKS.id } });
    expect((await put(activity)).statusCode).toBe(200);
    const converts = '1F65FB944AFA1C05-25FBFAF16BF6E758';
    const nearly = '2A65FB944AFA1C05-25FBFAF16BF6E759';
    for (const visitorId of [converts, nearly]) await ask(articleDeliveryRequest(START, { mbox: activity.id, visitorId }));
    clock += 1000;
    await pageView(converts, THANKS_URL);
    await pageView(nearly, `${THANKS_URL}?de=portada`);
    const report = await t.server.app.inject({ url: `/api/reports/activities/${activity.id}`, headers: await t.authHeaders('analyst') });
    expect(report.statusCode, report.body).toBe(200);
    const result = report.json() as { activity: Activity; totals: { visitors: number; conversions: number } };
    expect(result.activity.goal).toEqual({ type: 'siteGoal', goal: 'gracies' });
    expect(result.totals).toEqual({ visitors: 2, conversions: 1, hidden: false });
  });
});
