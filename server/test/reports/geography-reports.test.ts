import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKFILL_KEY_FILE, BACKFILL_KEY_HEADER, CLIENT_ADDRESS_HEADER, createBackfill } from '../../src/ingest/backfill-key.js';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const DAY = '2026-11-23';

/** Networks as the shipped database places them (server/test/ingest/geolocate.test.ts). */
const ARENYS = '83.50.1.57';
const SANTA_COLOMA = '81.184.1.200';
const PALMA = '212.163.1.1';
const MOUNTAIN_VIEW = '8.8.8.8';

let t: TestServer;

async function send(visitor: string, address: string, ua = BROWSER_UA): Promise<void> {
  const key = readFileSync(path.join(t.dataDir, BACKFILL_KEY_FILE), 'utf8');
  const response = await t.server.app.inject({
    url: beaconUrl(testHit({ visitor: { fid: visitor } })),
    headers: { 'user-agent': ua, [BACKFILL_KEY_HEADER]: key, [CLIENT_ADDRESS_HEADER]: address },
  });
  expect(response.statusCode).toBe(200);
}

async function rows(report: string): Promise<Record<string, { label: string; visits: number }>> {
  const response = await t.server.app.inject({ url: `/api/reports/geography/${report}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { rows: { key: string; label: string; values: { visits: number } }[] };
  return Object.fromEntries(body.rows.map((row) => [row.key, { label: row.label, visits: row.values.visits }]));
}

describe('geography reports (minimum cohort 1)', () => {
  beforeEach(async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '1' }, () => MORNING);
    await send('A', ARENYS);
    await send('B', ARENYS, PHONE_UA);
    await send('C', SANTA_COLOMA);
    await send('D', PALMA);
    await send('E', MOUNTAIN_VIEW, PHONE_UA);
  });
  afterEach(() => t.dispose());

  it('ranks countries by visits, named in Catalan, and opens a country on its regions', async () => {
    expect(await rows(`countries?from=${DAY}&to=${DAY}`)).toEqual({ ES: { label: 'Espanya', visits: 4 }, US: { label: 'Estats Units', visits: 1 } });
    expect(await rows(`regions?from=${DAY}&to=${DAY}&country=ES`)).toEqual({
      Catalonia: { label: 'Catalunya', visits: 3 },
      'Balearic Islands': { label: 'Illes Balears', visits: 1 },
    });
  });

  it("ranks a region's provinces and cities, and every region's without one", async () => {
    expect(await rows(`provinces?from=${DAY}&to=${DAY}&region=Catalonia`)).toEqual({ Barcelona: { label: 'Barcelona', visits: 3 } });
    expect(await rows(`cities?from=${DAY}&to=${DAY}&region=Catalonia`)).toEqual({
      'Arenys de Mar': { label: 'Arenys de Mar', visits: 2 },
      'Santa Coloma de Gramenet': { label: 'Santa Coloma de Gramenet', visits: 1 },
    });
    expect(Object.keys(await rows(`cities?from=${DAY}&to=${DAY}`)).sort()).toEqual(['Arenys de Mar', 'Mountain View', 'Palma', 'Santa Coloma de Gramenet']);
  });

  it('answers the same filtered (over the visits) as unfiltered (over the visit cells)', async () => {
    expect(await rows(`regions?from=${DAY}&to=${DAY}&country=ES&f=device:mobile`)).toEqual({ Catalonia: { label: 'Catalunya', visits: 1 } });
    expect(await rows(`countries?from=${DAY}&to=${DAY}&f=device:mobile`)).toEqual({ ES: { label: 'Espanya', visits: 1 }, US: { label: 'Estats Units', visits: 1 } });
  });

  it('keeps the place and the anonymised network, never the address', async () => {
    const response = await t.server.app.inject({ url: `/api/export/events?from=${DAY}&to=${DAY}`, headers: await t.authHeaders('analyst') });
    expect(response.statusCode, response.body).toBe(200);
    const exported = JSON.parse(response.body) as Record<string, unknown>[];
    const arenys = exported.filter((hit) => hit.geo_city === 'Arenys de Mar');
    expect(arenys.map((hit) => [hit.ip_anonymised, hit.geo_country, hit.geo_region, hit.geo_province])).toEqual([
      ['83.50.1.0', 'ES', 'Catalonia', 'Barcelona'],
      ['83.50.1.0', 'ES', 'Catalonia', 'Barcelona'],
    ]);
    expect(response.body).not.toContain(ARENYS);
  });
});

describe('the client address a backfill names', () => {
  const backfill = createBackfill('k'.repeat(43), 30);
  const keyed = (address: string, key = 'k'.repeat(43)) => ({ [BACKFILL_KEY_HEADER]: key, [CLIENT_ADDRESS_HEADER]: address });

  it("is taken only with the key, and otherwise the connection's is", () => {
    expect(backfill.clientAddress(keyed(ARENYS), '127.0.0.1')).toBe(ARENYS);
    expect(backfill.clientAddress(keyed('2a02:9130::1'), '127.0.0.1')).toBe('2a02:9130::1');
    expect(backfill.clientAddress({ [CLIENT_ADDRESS_HEADER]: ARENYS }, '127.0.0.1')).toBe('127.0.0.1');
    expect(backfill.clientAddress(keyed(ARENYS, 'x'.repeat(43)), '127.0.0.1')).toBe('127.0.0.1');
  });

  it.each(['Barcelona', '83.50.1', '83.50.1.57, 10.0.0.1', ''])('is refused when it is no address: %j', (bad) => {
    expect(() => backfill.clientAddress(keyed(bad), '127.0.0.1')).toThrow(`${CLIENT_ADDRESS_HEADER} must be an IPv4 or IPv6 address`);
  });
});
