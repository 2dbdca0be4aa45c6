import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

let t: TestServer;
let clock = Date.UTC(2026, 10, 22, 22, 30, 0); // 23:30 in Barcelona on the 22nd

beforeEach(async () => {
  t = await startTestServer({}, () => clock);
});

afterEach(async () => {
  await t.dispose();
});

async function send(section: string, pageName: string, visitor: string, at: number, hitType: 'page_view' | 'link_o' = 'page_view') {
  clock = at;
  const hit = testHit({ pageName, eVars: { 1: section }, props: {}, visitor: { fid: visitor } });
  const response = await t.server.app.inject({ url: beaconUrl(hit, hitType), headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode).toBe(200);
}

describe('GET /api/reports/pageviews', () => {
  beforeEach(async () => {
    await send('portada', 'mesura:portada', 'A', Date.UTC(2026, 10, 22, 22, 30)); // 23:30 local, 22nd
    await send('portada', 'mesura:portada', 'A', Date.UTC(2026, 10, 22, 23, 30)); // 00:30 local, 23rd
    await send('noticies', 'noticies:x', 'B', Date.UTC(2026, 10, 23, 9, 0));
    await send('noticies', 'noticies:x', 'B', Date.UTC(2026, 10, 23, 9, 1), 'link_o'); // not a page view
  });

  it('counts page views and visitors by day in the site time zone', async () => {
    const response = await t.server.app.inject({ url: '/api/reports/pageviews?from=2026-11-20&to=2026-11-23&by=day', headers: await t.authHeaders('analyst') });
    expect(response.json()).toEqual({
      from: '2026-11-20',
      to: '2026-11-23',
      by: 'day',
      reportSuite: 'mesuradev',
      total: 3,
      visitors: 2,
      rows: [
        { key: '2026-11-22', pageViews: 1, visitors: 1 },
        { key: '2026-11-23', pageViews: 2, visitors: 2 },
      ],
    });
  });

  it('counts page views by section, most viewed first', async () => {
    const response = await t.server.app.inject({ url: '/api/reports/pageviews?from=2026-11-23&to=2026-11-23&by=section', headers: await t.authHeaders('analyst') });
    expect(response.json().rows).toEqual([
      { key: 'noticies', pageViews: 1, visitors: 1 },
      { key: 'portada', pageViews: 1, visitors: 1 },
    ]);
  });

  it('counts page views by page name', async () => {
    const response = await t.server.app.inject({ url: '/api/reports/pageviews?from=2026-11-22&to=2026-11-23&by=pageName', headers: await t.authHeaders('analyst') });
    expect(response.json().rows).toEqual([
      { key: 'mesura:portada', pageViews: 2, visitors: 1 },
      { key: 'noticies:x', pageViews: 1, visitors: 1 },
    ]);
  });

  it('answers a bad query with 400 and one line', async () => {
    const response = await t.server.app.inject({ url: '/api/reports/pageviews?from=2026-11-23&to=2026-11-01', headers: await t.authHeaders('analyst') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'from (2026-11-23) is after to (2026-11-01)', code: 'MESURA_ERR_BAD_QUERY' });
  });
});

describe('GET /api/export/events', () => {
  it('streams CSV with a header of the documented columns', async () => {
    await send('portada', 'mesura:portada, "inici"', 'A', Date.UTC(2026, 10, 23, 9, 0));
    const response = await t.server.app.inject({ url: '/api/export/events?from=2026-11-23&to=2026-11-23&format=csv', headers: await t.authHeaders('analyst') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row, end] = response.body.split('\r\n');
    expect(header!.split(',').slice(0, 4)).toEqual(['event_id', 'report_suite', 'environment', 'received_at']);
    expect(header).toContain(',section,');
    expect(row).toContain('"mesura:portada, ""inici"""');
    expect(end).toBe('');
  });

  it('answers an empty range with an empty JSON array', async () => {
    const response = await t.server.app.inject({ url: '/api/export/events?from=2026-01-01&to=2026-01-02', headers: await t.authHeaders('analyst') });
    expect(JSON.parse(response.body)).toEqual([]);
  });
});

describe('bots in reports', () => {
  it('leaves known bots out unless includeBots=true', async () => {
    clock = Date.UTC(2026, 10, 23, 9, 0);
    const hit = testHit();
    await t.server.app.inject({ url: beaconUrl(hit), headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } });
    const without = await t.server.app.inject({ url: '/api/reports/pageviews?from=2026-11-23&to=2026-11-23', headers: await t.authHeaders('analyst') });
    const withBots = await t.server.app.inject({ url: '/api/reports/pageviews?from=2026-11-23&to=2026-11-23&includeBots=true', headers: await t.authHeaders('analyst') });
    expect(without.json().total).toBe(0);
    expect(withBots.json().total).toBe(1);
  });
});
