import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const RECEIVED_AT = Date.UTC(2026, 10, 23, 10, 0, 0);
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestServer;

afterEach(async () => {
  await t.dispose();
});

async function storedFor(userAgent: string): Promise<Record<string, unknown>> {
  const response = await t.server.app.inject({ url: beaconUrl(testHit()), headers: { 'user-agent': userAgent } });
  expect(response.statusCode).toBe(200);
  const exported = await t.server.app.inject({ url: '/api/export/events?from=2026-11-23&to=2026-11-23', headers: await t.authHeaders('analyst') });
  const [row] = JSON.parse(exported.body) as Record<string, unknown>[];
  return row!;
}

describe('the user agent is stored as its parts (minimisation)', () => {
  it('keeps browser, major version, OS, device class and bot flag, and not the raw string', async () => {
    t = await startTestServer({}, () => RECEIVED_AT);
    expect(await storedFor(IPHONE_UA)).toMatchObject({
      browser_name: 'Mobile Safari',
      browser_major_version: '18',
      os_name: 'iOS',
      device_class: 'mobile',
      is_bot: false,
      user_agent: null,
    });
  });

  it('keeps the raw string too with MESURA_KEEP_USER_AGENT=true', async () => {
    t = await startTestServer({ MESURA_KEEP_USER_AGENT: 'true' }, () => RECEIVED_AT);
    expect(await storedFor(BROWSER_UA)).toMatchObject({ browser_name: 'Chrome', browser_major_version: '156', os_name: 'Linux', user_agent: BROWSER_UA });
  });

  it('refuses a MESURA_KEEP_USER_AGENT that is not true or false', () => {
    expect(() => loadConfig({ MESURA_KEEP_USER_AGENT: 'yes' }, '/repo')).toThrow("MESURA_KEEP_USER_AGENT must be true or false, got 'yes'");
  });
});
