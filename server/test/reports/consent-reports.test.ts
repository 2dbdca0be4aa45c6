/**
 * The Consentiment reports over HTTP: the banner's answers per day (consent/choices) and the
 * collector's consent audit (consent/refusals), each day a row, small days hidden by the minimum
 * cohort, filters listed as not applicable, and the previous period when asked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReportAnswer, TcfSignal } from '@mesura/protocol';
import { tcString } from '../helpers/tc-strings.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

let t: TestServer;
let clock = Date.UTC(2026, 10, 23, 10, 0);
const at = (day: number) => Date.UTC(2026, 10, day, 10, 0);

beforeEach(async () => {
  t = await startTestServer({}, () => clock);
});
afterEach(async () => {
  await t.dispose();
});

async function choose(choice: string, times: number, day: number): Promise<void> {
  clock = at(day);
  for (let i = 0; i < times; i++) {
    const response = await t.server.app.inject({ method: 'POST', url: '/api/consent/choices', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ choice }) });
    expect(response.statusCode).toBe(204);
  }
}

async function report(path: string): Promise<ReportAnswer> {
  const response = await t.server.app.inject({ url: `/api/reports/consent/${path}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode).toBe(200);
  return response.json() as ReportAnswer;
}

describe('consent/choices', () => {
  it('counts each day its answers, total and share accepting all; hides a day below the minimum cohort', async () => {
    await choose('accept-all', 6, 22);
    await choose('reject-all', 3, 22);
    await choose('custom', 1, 22);
    await choose('reject-all', 2, 23);
    const answer = await report('choices?from=2026-11-21&to=2026-11-23&f=section:noticies');
    expect(answer.chart).toBe('line');
    expect(answer.ignoredFilters).toEqual(['section']);
    expect(answer.rows.map((row) => [row.key, row.values, row.hidden ?? false])).toEqual([
      ['2026-11-21', { accept_all: 0, reject_all: 0, custom: 0, total: 0, accept_share: null }, false],
      ['2026-11-22', { accept_all: 6, reject_all: 3, custom: 1, total: 10, accept_share: 0.6 }, false],
      ['2026-11-23', { accept_all: null, reject_all: null, custom: null, total: null, accept_share: null }, true],
    ]);
    expect(answer.totals.values).toEqual({ accept_all: 6, reject_all: 5, custom: 1, total: 12, accept_share: 0.5 });
  });

  it('gives the previous period day by day when asked', async () => {
    await choose('accept-all', 5, 21);
    await choose('reject-all', 7, 23);
    const answer = await report('choices?from=2026-11-23&to=2026-11-23&compare=previous');
    expect(answer.compare).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(answer.rows[0]).toMatchObject({ values: { reject_all: 7, total: 7 }, previous: { total: 0 } });
  });
});

describe('consent/refusals', () => {
  it("counts the collector's consent refusals per reason per day", async () => {
    clock = at(23);
    const refusing: TcfSignal = { gdprApplies: true, tcString: tcString({ purposes: [], vendors: [] }, clock) };
    const signals: TcfSignal[] = [...Array(4).fill(refusing), { gdprApplies: true, tcString: 'not-a-tc-string' }, { gdprApplies: true }];
    for (const consent of signals) {
      const response = await t.server.app.inject({ url: beaconUrl(testHit({ consent })), headers: { 'user-agent': BROWSER_UA } });
      expect(response.statusCode).toBe(200);
    }
    const answer = await report('refusals?from=2026-11-23&to=2026-11-23');
    expect(answer.rows).toEqual([{ key: '2026-11-23', label: 'dl. 23/11/2026', values: { consent_purpose: 4, consent_vendor: 0, consent_invalid: 1, consent_missing: 1, total: 6 } }]);
    expect(answer.metrics.map((m) => m.label)).toEqual([
      'Sense consentiment de la finalitat',
      'Sense consentiment del proveïdor',
      'Cadena de consentiment no vàlida',
      'Sense senyal de consentiment',
      'Impactes refusats',
    ]);
  });
});
