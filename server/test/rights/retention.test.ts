import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DUCKDB_FILE_NAME } from '../../src/store/duckdb/duckdb-store.js';
import { REPLAY_DAY, deliver, replay } from '../helpers/media.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { OTHER_VISITOR, REPLAY_VISITOR, askDecision, sendPageView } from '../helpers/visitor-traces.js';

const DAY_MS = 86_400_000;
// 424 days after the replayed playback (2026-01-01): past the default 395 days of retention.
const NOW = Date.UTC(2027, 2, 1, 10, 0);
const OLD = Date.UTC(2026, 0, 1, 10, 0);
const RECENT = NOW - 10 * DAY_MS;
const OLD_DAY = '2026-01-01';
const RECENT_DAY = '2027-02-19';
/** 390 days before NOW: still within retention. */
const INSIDE_DAY = '2026-02-04';

let t: TestServer;
let clock = NOW;

beforeEach(async () => {
  clock = NOW;
  t = await startTestServer({}, () => clock);
  clock = OLD;
  await sendPageView(t, REPLAY_VISITOR, 'mesura:portada');
  await sendPageView(t, REPLAY_VISITOR, 'mesura:portada');
  await askDecision(t, REPLAY_VISITOR, OLD);
  await deliver(t, await replay('preroll-ads-chapter-seek.json'), (ms) => (clock = ms));
  clock = RECENT;
  await sendPageView(t, OTHER_VISITOR, 'mesura:portada');
  await askDecision(t, OTHER_VISITOR, RECENT);
  clock = NOW;
});

afterEach(async () => {
  await t.dispose();
});

async function get(url: string) {
  const response = await t.server.app.inject({ url, headers: await t.authHeaders('admin') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Rows left in each raw table, read from the closed server's file. */
async function rawRowCounts(): Promise<Record<string, number>> {
  await t.server.close();
  const instance = await DuckDBInstance.create(path.join(t.dataDir, DUCKDB_FILE_NAME));
  const connection = await instance.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of ['hits', 'heartbeats', 'decision_events', 'page_views_daily']) {
      const result = await connection.runAndReadAll(`SELECT count(*) AS n FROM ${table}`);
      counts[table] = Number(result.getRowObjectsJson()[0]!.n);
    }
    return counts;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('retention (MESURA_RETENTION_DAYS, default 395)', () => {
  it('deletes raw rows older than the period and keeps recent ones', async () => {
    const media = await get(`/api/reports/media?from=${REPLAY_DAY}&to=${REPLAY_DAY}&suite=mesuraprod`);
    expect(media.total.sessions).toBe(1);

    const oldHits = [...(await get(`/api/export/events?from=${OLD_DAY}&to=${OLD_DAY}`)), ...(await get(`/api/export/events?from=${OLD_DAY}&to=${OLD_DAY}&suite=mesuraprod`))];
    expect(oldHits.length).toBeGreaterThan(2); // the two page views and the replay's analytics hits

    const deleted = await t.server.retention!.runNow();
    expect(deleted).toMatchObject({ hits: oldHits.length, decisionEvents: 1, pageViewAggregates: 1 });
    expect(deleted!.heartbeats).toBeGreaterThan(0);

    expect((await get(`/api/reports/media?from=${REPLAY_DAY}&to=${REPLAY_DAY}&suite=mesuraprod`)).total.sessions).toBe(0);
    expect(await get(`/api/export/events?from=${OLD_DAY}&to=${OLD_DAY}`)).toEqual([]);
    const recent = await get(`/api/export/events?from=${RECENT_DAY}&to=${RECENT_DAY}`);
    expect(recent.map((row: { visitor_id: string }) => row.visitor_id)).toEqual([OTHER_VISITOR]);
    expect(await rawRowCounts()).toEqual({ hits: 1, heartbeats: 0, decision_events: 1, page_views_daily: 1 });
  });

  it('keeps the page views of deleted days, without visitors, in the page-view report', async () => {
    const before = await get(`/api/reports/pageviews?from=${OLD_DAY}&to=${OLD_DAY}&by=pageName`);
    await t.server.retention!.runNow();
    // A second run finds nothing more to roll up: the old day is not counted twice.
    await t.server.retention!.runNow();
    const after = await get(`/api/reports/pageviews?from=${OLD_DAY}&to=${OLD_DAY}&by=pageName`);
    expect(before.rows).toEqual([{ key: 'mesura:portada', pageViews: 2, visitors: 1 }]);
    expect(after.rows).toEqual([{ key: 'mesura:portada', pageViews: 2, visitors: 0 }]);
    // A range across the cut: rolled-up days add page views, raw days add page views and visitors.
    clock = NOW - 390 * DAY_MS;
    await sendPageView(t, OTHER_VISITOR, 'mesura:portada');
    clock = NOW;
    const across = await get(`/api/reports/pageviews?from=${OLD_DAY}&to=${INSIDE_DAY}&by=day`);
    expect(across.rows).toEqual([
      { key: OLD_DAY, pageViews: 2, visitors: 0 },
      { key: INSIDE_DAY, pageViews: 1, visitors: 1 },
    ]);
    expect([across.total, across.visitors]).toEqual([3, 1]);
  });

  it('runs once at start: a server started late deletes what is past the period', async () => {
    const dataDir = t.dataDir;
    await t.server.close();
    const later = await startTestServer({ MESURA_DATA_DIR: dataDir }, () => NOW);
    try {
      await later.server.retention!.runNow(); // waits for the start-up run, which did the work
      const response = await later.server.app.inject({ url: `/api/export/events?from=${OLD_DAY}&to=${OLD_DAY}`, headers: await later.authHeaders('admin') });
      expect(response.json()).toEqual([]);
    } finally {
      await later.dispose();
    }
  });
});
