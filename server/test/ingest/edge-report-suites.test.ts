import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_SUITES, parseReportSuites } from '../../src/ingest/accepted-report-suites.js';
import { heartbeatsOf, queryOf, replay } from '../helpers/media.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const DAY = '2026-11-23';
let t: TestServer;

beforeEach(async () => {
  t = await startTestServer({}, () => Date.UTC(2026, 10, 23, 9, 0));
});

afterEach(async () => {
  await t.dispose();
});

async function exported(suite: string): Promise<unknown[]> {
  const response = await t.server.app.inject({
    url: `/api/export/events?from=${DAY}&to=${DAY}&suite=${suite}`,
    headers: await t.authHeaders('analyst'),
  });
  return response.json();
}

describe('report suites the collector accepts', () => {
  it('defaults to the three environments and the ga accounts', () => {
    expect([...DEFAULT_REPORT_SUITES].sort()).toEqual(['G-MESURADEV', 'G-MESURAPROD', 'G-MESURASTG', 'mesuradev', 'mesuraprod', 'mesurastg']);
  });

  it('stores hits of configured suites, the ga account included', async () => {
    const response = await t.server.app.inject({ url: beaconUrl(testHit(), 'page_view', ['mesuradev', 'G-MESURADEV']), headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(200);
    expect(await exported('G-MESURADEV')).toHaveLength(1);
  });

  for (const suite of ['__proto__', 'constructor', 'Infinity', 'someone-else']) {
    it(`refuses a beacon naming '${suite}' with a reason and stores nothing, not even for its other suites`, async () => {
      const response = await t.server.app.inject({ url: beaconUrl(testHit(), 'page_view', ['mesuradev', suite]), headers: { 'user-agent': BROWSER_UA } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: `report suite '${suite}' is not accepted by this collector`, code: 'MESURA_ERR_UNKNOWN_REPORT_SUITE' });
      expect(await exported('mesuradev')).toEqual([]);
      expect(await exported(suite)).toEqual([]);
    });
  }

  it('refuses a heartbeat whose s:sc:rsid names another suite', async () => {
    const [first] = heartbeatsOf(await replay('preroll-ads-chapter-seek.json'));
    const params = { ...first!.params, 's:sc:rsid': 'mesuradev,__proto__' };
    const response = await t.server.app.inject({ url: `/hb/?${queryOf(params)}`, headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('MESURA_ERR_UNKNOWN_REPORT_SUITE');
  });

  it('reads MESURA_REPORT_SUITES as a comma list and refuses ids that are not suite ids', () => {
    expect(parseReportSuites(' mesuraprod , G-MESURAPROD ')).toEqual(['mesuraprod', 'G-MESURAPROD']);
    expect(parseReportSuites('')).toEqual(DEFAULT_REPORT_SUITES);
    expect(() => parseReportSuites('mesuraprod,<script>')).toThrow("MESURA_REPORT_SUITES must list report suite ids (1 to 40 letters, digits, _ . -), got '<script>'");
    // The beacon path reads no longer id (limits.MAX_REPORT_SUITE_ID_CHARS).
    expect(parseReportSuites('s'.repeat(40))).toEqual(['s'.repeat(40)]);
    expect(() => parseReportSuites('s'.repeat(41))).toThrow('MESURA_REPORT_SUITES must list report suite ids');
  });

  it('accepts only the configured suites when MESURA_REPORT_SUITES is set', async () => {
    await t.dispose();
    t = await startTestServer({ MESURA_REPORT_SUITES: 'mesuraprod' }, () => Date.UTC(2026, 10, 23, 9, 0));
    const response = await t.server.app.inject({ url: beaconUrl(testHit(), 'page_view', ['mesuradev']), headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(400);
  });
});
