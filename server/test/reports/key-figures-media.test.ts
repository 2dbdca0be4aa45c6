import { afterEach, describe, expect, it } from 'vitest';
import type { KeyFiguresAnswer } from '@mesura/protocol';
import { deliver, replay, REPLAY_EPOCH_MS, scenario } from '../helpers/media.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const MINUTE_MS = 60_000;
let t: TestServer;
let clock = REPLAY_EPOCH_MS;

afterEach(async () => {
  await t.dispose();
});

/** Live Mesura TV for two and a half minutes from 00:59 UTC on 2026-01-01 (01:59 in Barcelona). */
const LIVE_TV = scenario(
  [
    { at: 59 * MINUTE_MS, call: 'trackSessionStart', media: ['El Reportatge (redifusió)', 'mesura-tv-2026-01-01T00:00:00+01:00', 0, 'live', 'video'] },
    { at: 59 * MINUTE_MS, call: 'trackPlay', playing: true },
    { at: 61.5 * MINUTE_MS, call: 'trackSessionEnd' },
  ],
  { suite: 'mesuraprod', runUntil: 61.5 * MINUTE_MS + 1000 },
);

async function mediaFigures(minCohort: string): Promise<KeyFiguresAnswer> {
  clock = REPLAY_EPOCH_MS;
  t = await startTestServer({ MESURA_MIN_COHORT: minCohort, MESURA_LOG_LEVEL: 'error' }, () => clock);
  await deliver(t, await replay(LIVE_TV), (ms) => (clock = ms));
  const response = await t.server.app.inject({ url: '/api/key-figures/media?from=2026-01-01&to=2026-01-02&suite=mesuraprod', headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as KeyFiguresAnswer;
}

const byKey = (answer: KeyFiguresAnswer) => Object.fromEntries(answer.figures.map((f) => [f.key, f]));

describe('the media area key figures', () => {
  it('counts the plays, the time played and the live peak of the period, day by day', async () => {
    const figures = byKey(await mediaFigures('1'));
    expect(figures.plays).toMatchObject({ value: 1, series: [1, 0] });
    // 00:59:00.25 to 01:01:30.25 of play.
    expect(figures.seconds_played?.value).toBeCloseTo(150, 0);
    // The two days before saw no live: no peak to compare with, as the media reports say none.
    expect(figures.peak_viewers).toMatchObject({ label: 'Màxim del directe', format: 'count', value: 1, previous: null, series: [1, 0] });
  });

  it('hides a live peak below the minimum cohort, as the live chart hides its minutes', async () => {
    const figures = byKey(await mediaFigures('2'));
    expect(figures.peak_viewers).toMatchObject({ value: null, hidden: true, series: [null, 0] });
    expect(figures.plays).toMatchObject({ value: null, hidden: true });
  });
});
