/**
 * CUPED through the server: each visitor's page views in the 14 days before their first impression
 * (queries/activity-pre-period.ts on DuckDB) adjust the activity report's comparison.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeDeliveryQuery, type Activity } from '@mesura/protocol';
import { CUPED_PRE_PERIOD_DAYS } from '../../src/store/queries/activity-pre-period.js';
import { articleDeliveryRequest } from '../helpers/delivery-request.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 15, 10);

let t: TestServer;
let clock = START;

beforeEach(async () => {
  clock = START;
  t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => clock);
});
afterEach(() => t.dispose());

const ACTIVITY: Activity = {
  id: 'vista',
  name: 'Vista',
  type: 'ab',
  status: 'active',
  mboxes: ['vista'],
  priority: 0,
  reshuffle: 0,
  experiences: [
    { id: 'a', name: 'A', share: 1 },
    { id: 'b', name: 'B', share: 1 },
  ],
  goal: { type: 'pageView', path: '/noticia/' },
};

/** Twelve visitors: visitor i reads i mod 4 pages in the pre-period and converts when that is 2 or more. */
const VISITORS = Array.from({ length: 12 }, (_, i) => ({ fid: `1F65FB944AFA1C${i.toString(16).padStart(2, '0')}-25FBFAF16BF6E758`, pageViews: i % 4, converts: i % 4 >= 2 }));

const beacon = (fid: string, url: string) => t.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid }, url })), headers: { 'user-agent': BROWSER_UA } });

describe('the pre-period adjustment (CUPED) of the activity report', () => {
  it('adjusts by the page views of the 14 days before the first impression, older ones left out', async () => {
    expect((await t.server.app.inject({ method: 'PUT', url: '/api/activities/vista', payload: ACTIVITY, headers: await t.authHeaders('editor') })).statusCode).toBe(200);
    // Page views older than the pre-period, four of each converting visitor: counted, they would move θ.
    clock = START - (CUPED_PRE_PERIOD_DAYS + 2) * DAY_MS;
    for (const visitor of VISITORS) for (let i = 0; i < (visitor.converts ? 4 : 0); i++) expect((await beacon(visitor.fid, 'http://localhost:8080/el-temps/')).statusCode).toBe(200);
    clock = START - 2 * DAY_MS;
    for (const visitor of VISITORS) for (let i = 0; i < visitor.pageViews; i++) await beacon(visitor.fid, 'http://localhost:8080/el-temps/');
    clock = START;
    for (const visitor of VISITORS) {
      const query = encodeDeliveryQuery(articleDeliveryRequest(START, { mbox: 'vista', visitorId: visitor.fid }));
      expect((await t.server.app.inject({ url: `/m2/mesura/mbox/json?${query}`, headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
    }
    clock = START + 1000;
    for (const visitor of VISITORS) if (visitor.converts) await beacon(visitor.fid, 'http://localhost:8080/noticia/1002/x');

    const response = await t.server.app.inject({ url: '/api/reports/activities/vista', headers: await t.authHeaders('analyst') });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    // θ over the twelve: X = 0,1,2,3 three times each, Y = 1 when X ≥ 2.
    // x̄ = 1.5, ȳ = 0.5; var(X) = 14/4 − 2.25 = 1.25; cov = (2 + 3)/4 − 0.75 = 0.5; θ = 0.4.
    expect(result.cuped).toMatchObject({ covariate: 'pageViews', prePeriodDays: CUPED_PRE_PERIOD_DAYS });
    expect(result.cuped.theta).toBeCloseTo(0.4, 10);
    const variant = result.experiences[1];
    expect(variant.visitors + result.experiences[0].visitors).toBe(12);
    const cuped = variant.versusControl.cuped;
    expect(cuped.varianceReduction).toBeGreaterThan(0.5);
    expect(cuped.differenceCi[1] - cuped.differenceCi[0]).toBeLessThan(variant.versusControl.differenceCi[1] - variant.versusControl.differenceCi[0]);
    expect(variant.versusControl.alwaysValid.pValue).toBeGreaterThanOrEqual(variant.versusControl.pValue);
  });
});
