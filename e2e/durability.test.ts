import { describe, expect, it } from 'vitest';
import { encodeBeacon, type AnalyticsHit } from '@mesura/protocol';
import { E2E_ADMIN_ENV, apiHeaders, emptyDataDir, removeDataDir, startServerProcess, stopServerProcess, type ServerProcess } from './helpers/server-process.js';

const BEACONS = 300;

function beacon(i: number): { id: string; url: string } {
  const id = `durable-${i}-${Date.now()}`;
  const hit: AnalyticsHit = {
    eventId: id,
    clientTime: { day: 23, month0: 10, year: 2026, hour: 9, minute: 0, second: 0, weekday: 1, tzOffsetMin: -60 },
    visitor: { fid: `V${i}` },
    pageName: `page-${i}`,
    events: [{ id: 1 }],
    props: {},
    eVars: { 1: 'portada' },
    hierarchies: {},
    lists: {},
    contextData: {},
    browser: {},
  };
  return { id, url: encodeBeacon({ reportSuites: ['mesuradev'], libraryVersion: 'MESURA-0.1.0', random: String(1e9 + i) }, hit, 'page_view') };
}

async function storedIds(server: ServerProcess): Promise<Set<string>> {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const rows = (await (await fetch(`${server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(server) })).json()) as { event_id: string }[];
  return new Set(rows.map((r) => r.event_id));
}

describe('durability of acknowledged events', () => {
  it('keeps every acknowledged event across kill -9', async () => {
    const dataDir = emptyDataDir();
    try {
      const server = await startServerProcess({ dataDir, env: { MESURA_LOG_LEVEL: 'warn', ...E2E_ADMIN_ENV } });
      const acknowledged: string[] = [];
      const sends = Array.from({ length: BEACONS }, (_, i) => beacon(i)).map(async ({ id, url }) => {
        try {
          const response = await fetch(server.baseUrl + url);
          if (response.status === 200) acknowledged.push(id);
        } catch {
          // the connection died with the server: not acknowledged, so not owed
        }
      });
      // Kill while beacons are still arriving, as soon as some have been acknowledged.
      while (acknowledged.length < BEACONS / 3) await new Promise((r) => setImmediate(r));
      server.child.kill('SIGKILL');
      await Promise.all(sends);
      expect(await server.exited).toBe('SIGKILL');

      const restarted = await startServerProcess({ dataDir });
      const stored = await storedIds(restarted);
      await stopServerProcess(restarted);
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      removeDataDir(dataDir);
    }
  });

  it('flushes and exits 0 on SIGTERM, with every acknowledged event stored', async () => {
    const dataDir = emptyDataDir();
    try {
      const server = await startServerProcess({ dataDir, env: { MESURA_LOG_LEVEL: 'warn', ...E2E_ADMIN_ENV } });
      const beacons = Array.from({ length: 50 }, (_, i) => beacon(i));
      const statuses = await Promise.all(beacons.map(async ({ url }) => (await fetch(server.baseUrl + url)).status));
      expect(statuses.every((s) => s === 200)).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const restarted = await startServerProcess({ dataDir });
      const stored = await storedIds(restarted);
      await stopServerProcess(restarted);
      expect(beacons.filter(({ id }) => !stored.has(id))).toEqual([]);
    } finally {
      removeDataDir(dataDir);
    }
  });

  it('refuses to start with a one-line error when PORT is not a port', async () => {
    const dataDir = emptyDataDir();
    try {
      await expect(startServerProcess({ dataDir, port: 8080, env: { PORT: 'eighty' } })).rejects.toThrow(/PORT must be an integer from 0 to 65535, got 'eighty'/);
    } finally {
      removeDataDir(dataDir);
    }
  });
});
