import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeDeliveryQuery, type Activity, type DeliveryRequest } from '@mesura/protocol';
import type { ActivityOverTime } from '@mesura/protocol';
import { assignmentPoint, experienceAt } from '../../src/decide/assignment.js';
import { testActivity } from '../helpers/activity.js';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

// January: Europe/Madrid (the default MESURA_TIMEZONE) is UTC+1.
const at = (day: string, utcTime: string) => Date.parse(`${day}T${utcTime}Z`);
let clock = at('2026-01-15', '10:00:00');
let t: TestServer;
beforeEach(async () => {
  clock = at('2026-01-15', '10:00:00');
  t = await startTestServer({}, () => clock);
});
afterEach(() => t.dispose());

const prova = testActivity({
  experiences: [
    { id: 'a', name: 'A', share: 1 },
    { id: 'b', name: 'B', share: 1, offer: { id: 'o-b', name: 'Oferta B', html: '<p>B</p>' } },
  ],
});

const put = async (activity: Activity) => t.server.app.inject({ method: 'PUT', url: `/api/activities/${activity.id}`, payload: activity, headers: await t.authHeaders('editor') });

async function ask(overrides: Partial<DeliveryRequest>): Promise<void> {
  const query = encodeDeliveryQuery(articleDeliveryRequest(clock, { mbox: 'prova', ...overrides }));
  const response = await t.server.app.inject({ url: `/m2/mesura/mbox/json?${query}`, headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode, response.body).toBe(200);
}

/** Device ids of `count` new visitors that the activity assigns to `experience` (keys from `start` on). */
function visitorsIn(activity: Activity, experience: string, count: number, start: number): string[] {
  const found: string[] = [];
  for (let i = start; found.length < count; i++) {
    const key = i.toString(16).padStart(32, '0');
    if (experienceAt(activity.experiences, assignmentPoint(key, activity.id, activity.reshuffle))!.id === experience) found.push(`${key}.1_0`);
  }
  return found;
}

async function overTime(id: string, query = ''): Promise<ActivityOverTime> {
  const response = await t.server.app.inject({ url: `/api/reports/activities/${id}/over-time${query}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** `[day, [experience id, visitors, conversions, hidden]…]` per day: the answer in one glance. */
const figures = (answer: ActivityOverTime) => answer.days.map((d) => [d.day, ...d.experiences.map((e) => [e.id, e.visitors, e.conversions, e.hidden])]);

describe('GET /api/reports/activities/:id/over-time', () => {
  it('answers every local day, cumulative from the first, hidden under the cohort', async () => {
    await put(prova);
    const earlyA = visitorsIn(prova, 'a', 3, 0x100);
    const lateA = visitorsIn(prova, 'a', 2, 0x200);
    const allB = visitorsIn(prova, 'b', 5, 0x300);
    clock = at('2026-01-13', '10:00:00');
    for (const deviceId of [...earlyA, ...allB]) await ask({ deviceId });
    // 23:30 UTC on the 14th is 00:30 on the 15th in Madrid: these count on the 15th.
    clock = at('2026-01-14', '23:30:00');
    for (const deviceId of lateA) await ask({ deviceId });
    await ask({ deviceId: earlyA[0]! }); // a returning visitor counts once, on their first day
    for (const deviceId of allB.slice(0, 2)) await ask({ deviceId, params: { clickToken: 'prova.b' } });

    const answer = await overTime('prova', '?from=2026-01-12&to=2026-01-16');
    expect(answer.activity).toEqual({ id: 'prova', name: 'Prova' });
    expect([answer.from, answer.to]).toEqual(['2026-01-12', '2026-01-16']);
    expect(figures(answer)).toEqual([
      ['2026-01-12', ['a', null, null, true], ['b', null, null, true]],
      ['2026-01-13', ['a', null, null, true], ['b', 5, 0, false]],
      ['2026-01-14', ['a', null, null, true], ['b', 5, 0, false]],
      ['2026-01-15', ['a', 5, 0, false], ['b', 5, 2, false]],
      ['2026-01-16', ['a', 5, 0, false], ['b', 5, 2, false]],
    ]);
    expect(answer.days[3]!.experiences[1]).toEqual({ id: 'b', visitors: 5, conversions: 2, conversionRate: 0.4, hidden: false });
    // The last day agrees with the report of the same events.
    const report = await t.server.app.inject({ url: '/api/reports/activities/prova', headers: await t.authHeaders('analyst') });
    expect(report.json().experiences.map((e: { visitors: number; conversions: number }) => [e.visitors, e.conversions])).toEqual([
      [5, 0],
      [5, 2],
    ]);
  });

  it('counts only the range: visitors first seen before from, and their conversions, are left out', async () => {
    await t.dispose();
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    await put(prova);
    const [early] = visitorsIn(prova, 'b', 1, 0x400);
    const [late] = visitorsIn(prova, 'a', 1, 0x500);
    clock = at('2026-01-13', '10:00:00');
    await ask({ deviceId: early! });
    clock = at('2026-01-15', '10:00:00');
    await ask({ deviceId: early!, params: { clickToken: 'prova.b' } });
    await ask({ deviceId: late! });
    expect(figures(await overTime('prova', '?from=2026-01-15&to=2026-01-15'))).toEqual([['2026-01-15', ['a', 1, 0, false], ['b', null, null, true]]]);
    expect(figures(await overTime('prova', '?from=2026-01-13&to=2026-01-15')).at(-1)).toEqual(['2026-01-15', ['a', 1, 0, false], ['b', 1, 1, false]]);
  });

  it('counts a page-view goal on the day of the visitor’s page view', async () => {
    await t.dispose();
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
    const vista = { ...prova, id: 'vista', mboxes: ['vista'], goal: { type: 'pageView', path: '/noticia/' } } satisfies Activity;
    await put(vista);
    const fid = '1F65FB944AFA1C05-25FBFAF16BF6E758';
    const [deviceId] = visitorsIn(vista, 'a', 1, 0x600);
    clock = at('2026-01-13', '10:00:00');
    await ask({ mbox: 'vista', deviceId: deviceId!, visitorId: fid });
    clock = at('2026-01-14', '10:00:00');
    const beacon = await t.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid }, url: 'http://localhost:8080/noticia/1002/x' })), headers: { 'user-agent': BROWSER_UA } });
    expect(beacon.statusCode).toBe(200);
    expect(figures(await overTime('vista', '?from=2026-01-13&to=2026-01-14'))).toEqual([
      ['2026-01-13', ['a', 1, 0, false], ['b', null, null, true]],
      ['2026-01-14', ['a', 1, 1, false], ['b', null, null, true]],
    ]);
  });

  it('answers the last 30 local days ending today without a range, or completes one bound', async () => {
    clock = at('2026-01-14', '23:30:00'); // already the 15th in Madrid
    const answer = await overTime('titular-1001');
    expect([answer.from, answer.to, answer.days.length]).toEqual(['2025-12-17', '2026-01-15', 30]);
    expect(answer.days.map((d) => d.day).slice(0, 2)).toEqual(['2025-12-17', '2025-12-18']);
    expect(answer.days[0]!.experiences).toEqual([
      { id: 'a', visitors: null, conversions: null, conversionRate: null, hidden: true },
      { id: 'b', visitors: null, conversions: null, conversionRate: null, hidden: true },
    ]);
    const onlyFrom = await overTime('titular-1001', '?from=2026-01-10');
    expect([onlyFrom.from, onlyFrom.to]).toEqual(['2026-01-10', '2026-01-15']);
    const onlyTo = await overTime('titular-1001', '?to=2026-01-01');
    expect([onlyTo.from, onlyTo.to]).toEqual(['2025-12-03', '2026-01-01']);
  });

  it.each([
    ['?from=2026-1-1', 'from must be a date as YYYY-MM-DD'],
    ['?to=2026-02-30', 'to is not a calendar date: 2026-02-30'],
    ['?from=2026-01-10&to=2026-01-09', 'from (2026-01-10) is after to (2026-01-09)'],
    ['?from=2025-01-01&to=2026-01-02', 'the range covers 367 days; at most 366 are allowed'],
    ['?from=2026-01-01&from=2026-01-02', 'from must be a date as YYYY-MM-DD'],
    ['?day=2026-01-01', "unknown parameter 'day'; expected from, to"],
  ])('refuses %s with one line', async (query, error) => {
    const response = await t.server.app.inject({ url: `/api/reports/activities/titular-1001/over-time${query}`, headers: await t.authHeaders('analyst') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, code: 'MESURA_ERR_BAD_QUERY' });
  });

  it('answers 404 for an unknown activity and 401 without a session', async () => {
    const unknown = await t.server.app.inject({ url: '/api/reports/activities/cap/over-time', headers: await t.authHeaders('analyst') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('MESURA_ERR_NOT_FOUND');
    expect((await t.server.app.inject({ url: '/api/reports/activities/titular-1001/over-time' })).statusCode).toBe(401);
  });
});
