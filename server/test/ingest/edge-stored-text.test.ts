import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const DAY = '2026-11-23';
let t: TestServer;

beforeEach(async () => {
  t = await startTestServer({}, () => Date.UTC(2026, 10, 23, 9, 0));
});

afterEach(async () => {
  await t.dispose();
});

async function exported(): Promise<Record<string, unknown>[]> {
  const response = await t.server.app.inject({
    url: `/api/export/events?from=${DAY}&to=${DAY}&suite=mesuradev`,
    headers: await t.authHeaders('analyst'),
  });
  return response.json();
}

describe('stored text at the collector', () => {
  it('refuses a beacon whose page name is not UTF-8 with a one-line reason, and stores nothing', async () => {
    const url = beaconUrl(testHit()).replace(/pageName=[^&]*/, 'pageName=%C3%28');
    const response = await t.server.app.inject({ url, headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "invalid UTF-8 or malformed percent-escape in 'pageName'", code: 'MESURA_ERR_BAD_BEACON' });
    expect(await exported()).toEqual([]);
  });

  it('stores the page name and URL without their control characters', async () => {
    const hit = testHit({ pageName: 'mesura:\u0000portada\r\n', url: 'http://localhost:8080/\u0007?a=1' });
    const response = await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(200);
    expect(await exported()).toMatchObject([{ page_name: 'mesura:portada', url: 'http://localhost:8080/?a=1' }]);
  });
});
