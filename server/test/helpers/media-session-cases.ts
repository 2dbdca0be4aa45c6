/**
 * The shared media session cases (@mesura/test-utils media-session-cases.json), the one statement of
 * the session rules that the tracker (packages/media/test/session-rule-cases.test.ts) and each
 * engine's session SQL are checked against: the embedded store's (media-sessions-sql.ts, in
 * store/media-session-cases.test.ts) and ClickHouse's (clickhouse-media-sessions-sql.ts, in
 * store/clickhouse/clickhouse-media-session-cases.test.ts). The short-state cases are the tracker's
 * alone: a state of 250 ms or less never reaches the server, which counts what the heartbeats report.
 */
import { readMediaSessionCases } from '@mesura/test-utils';
import { expect, it } from 'vitest';
import { BROWSER_UA } from './test-server.js';
import { deliver, queryOf, REPLAY_DAY, REPLAY_EPOCH_MS, type ReplayServer, replay, scenario, VOD } from './media.js';

interface Cases {
  durationCap: { name: string; elapsedMs: number; countedMs: number }[];
  idle: { name: string; silentMs: number; ended: boolean }[];
}

const CASES = readMediaSessionCases() as Cases;

/** Played from 0.25 s (after the preroll wait) to 5 s, then paused; no end is sent. */
const PAUSED = scenario(
  [
    { at: 0, call: 'trackSessionStart', media: VOD },
    { at: 0, call: 'trackPlay', playing: true },
    { at: 5000, call: 'trackPause', playing: false },
  ],
  { runUntil: 6000 },
);
const PLAYED_S = 4.75;

/** The one session of the replay day, as the console's session list gives it. */
async function session(media: ReplayServer): Promise<Record<string, unknown>> {
  const response = await media.t.server.app.inject({
    url: `/api/reports/media/sessions?from=${REPLAY_DAY}&to=${REPLAY_DAY}&suite=mesuradev`,
    headers: await media.t.authHeaders('analyst'),
  });
  expect(response.statusCode, response.body).toBe(200);
  const sessions = response.json().sessions as Record<string, unknown>[];
  expect(sessions).toHaveLength(1);
  return sessions[0]!;
}

/** One test per shared case, on the server `media` runs (call inside a describe block). */
export function testSessionCases(media: ReplayServer): void {
  it.each(CASES.durationCap)('$name', async ({ elapsedMs, countedMs }) => {
    const requests = await replay(PAUSED);
    await deliver(media.t, requests, media.setClock);
    const play = requests.find((r) => r.kind === 'heartbeat' && r.params['s:event:type'] === 'play');
    // One more content play, as a tracker whose page slept would have sent it.
    const ts = String(REPLAY_EPOCH_MS + 6000 + elapsedMs);
    const slept = { ...play!.params, 'l:event:duration': String(elapsedMs), 'l:event:ts': ts, 'l:event:playhead': '5' };
    const response = await media.t.server.app.inject({ url: `/hb/?${queryOf(slept)}`, headers: { 'user-agent': BROWSER_UA } });
    expect(response.statusCode).toBe(200);
    expect(await session(media)).toMatchObject({ contentSeconds: PLAYED_S + countedMs / 1000 });
  });

  it.each(CASES.idle)('$name', async ({ silentMs, ended }) => {
    await deliver(media.t, await replay(PAUSED), media.setClock);
    // The report's clock, silentMs after the last heartbeat was received.
    media.setClock(media.clock + silentMs);
    expect(await session(media)).toMatchObject({ endedReason: ended ? 'idle' : null });
  });
}
