/**
 * Goals' and funnels' reports wait for the store loader as the catalogue's do (config.ts
 * MESURA_REPORT_MAX_LAG_MS, store-loader.ts freshness): asked within the lag of a load, they read
 * the store as that load left it instead of loading again, and past it they load first. Intervals
 * and the clock are fake, so the loader's own rounds never run between two asks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsHit } from '@mesura/protocol';
import { BROWSER_UA, beaconUrl, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const MAX_LAG_MS = 10_000;
/** 10:00 in Barcelona on 2026-11-23. */
const MORNING = Date.UTC(2026, 10, 23, 9, 0);
const RANGE = 'from=2026-11-23&to=2026-11-23';
const HOME = 'http://localhost:8080/';
const ARTICLE = 'http://localhost:8080/noticies/politica/titol-x/';
const NOT_A_SEARCH = { 23: 'No Informat', 24: 'No Informat', 31: 'No Informat' };
const home: Partial<AnalyticsHit> = { pageName: 'mesura:portada', url: HOME, eVars: { 1: 'portada', 8: 'portada', 20: 'Portada', ...NOT_A_SEARCH } };
const article: Partial<AnalyticsHit> = { pageName: 'noticies:politica:titol-x', url: ARTICLE, eVars: { 1: 'noticies', 2: 'politica', 8: 'noticia', 20: 'Títol X', ...NOT_A_SEARCH } };

let t: TestServer;
/** The receive time of the next hit: a minute after the one before, so a visit's steps come in order. */
let receivedAtMs = MORNING;

beforeEach(async () => {
  // Before the server starts: the loader reads the fake clock and sets its interval on fake time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(MORNING);
  receivedAtMs = MORNING;
  t = await startTestServer({ MESURA_MIN_COHORT: '1', MESURA_LOG_LEVEL: 'error', MESURA_REPORT_MAX_LAG_MS: String(MAX_LAG_MS) }, () => receivedAtMs);
  const headers = await t.authHeaders('editor');
  const goal = await t.server.app.inject({ method: 'PUT', url: '/api/goals/article', headers, payload: { id: 'article', name: 'Notícia', type: 'page', url: '*/noticies/*', match: 'pattern' } });
  expect(goal.statusCode, goal.body).toBe(201);
  const steps = [
    { type: 'page', name: 'Portada', url: HOME, match: 'exact' },
    { type: 'page', name: 'Notícia', url: '*/noticies/*', match: 'pattern' },
  ];
  const funnel = await t.server.app.inject({ method: 'PUT', url: '/api/funnels/reading', headers, payload: { id: 'reading', name: 'Lectura', scope: 'visit', steps } });
  expect(funnel.statusCode, funnel.body).toBe(201);
  // Past the lag of whatever the start loaded: the first ask loads.
  vi.setSystemTime(MORNING + MAX_LAG_MS);
});

afterEach(async () => {
  await t.dispose();
  vi.useRealTimers();
});

/** One visitor's visit: the home page, then the article. */
async function visit(fid: string): Promise<void> {
  for (const hit of [home, article]) {
    receivedAtMs += 60_000;
    const response = await t.server.app.inject({ url: beaconUrl(testHit({ visitor: { fid }, ...hit })), headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(200);
  }
}

async function ask(report: string, query: string): Promise<{ totals: { values: Record<string, number | null> }; rows: { values: Record<string, number | null> }[] }> {
  const response = await t.server.app.inject({ url: `/api/reports/${report}?${query}&${RANGE}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const conversions = async () => (await ask('goals/by-day', 'goal=article')).totals.values.conversions;
const finishers = async () => (await ask('funnels/steps', 'funnel=reading')).rows.map((row) => row.values.visitors);

describe('goal and funnel reports within MESURA_REPORT_MAX_LAG_MS', () => {
  it('read a goal as the last load left it until the lag has passed, then load first', async () => {
    await visit('1F65FB944AFA1C01-25FBFAF16BF6E758');
    expect(await conversions()).toBe(1);
    await visit('1F65FB944AFA1C02-25FBFAF16BF6E758');
    expect(await conversions()).toBe(1);
    vi.setSystemTime(MORNING + 2 * MAX_LAG_MS);
    expect(await conversions()).toBe(2);
  });

  it('read a funnel as the last load left it until the lag has passed, then load first', async () => {
    await visit('1F65FB944AFA1C01-25FBFAF16BF6E758');
    expect(await finishers()).toEqual([1, 1]);
    await visit('1F65FB944AFA1C02-25FBFAF16BF6E758');
    expect(await finishers()).toEqual([1, 1]);
    vi.setSystemTime(MORNING + 2 * MAX_LAG_MS);
    expect(await finishers()).toEqual([2, 2]);
  });
});
