/**
 * A media ranking's rows under the minimum cohort add up into one row of others (hidden-rows.ts,
 * media-session-ranking.ts mediaSessionUnionVisitorsQuery), as a hit ranking's do: with a cohort of
 * 2, two contents played by one different viewer each become «Altres (menys de 2 visitants)», their
 * plays summed and their viewers counted together; played by the same viewer, they stay hidden,
 * each on its own (the viewers are counted anew, never summed).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deliver, replay, REPLAY_EPOCH_MS, scenario, VOD } from '../helpers/media.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const RANGE = 'from=2026-01-01&to=2026-01-02&suite=mesuraprod';
let t: TestServer;
let clock = REPLAY_EPOCH_MS;

afterEach(async () => {
  await t.dispose();
});

/** One play of `content` by `visitorId` on 2026-01-01, its session id its own (a replay's is seeded: every run draws the same). */
async function play(content: string, visitorId: string, session: number): Promise<void> {
  const media = [content, content, 600, 'vod', 'video', { standardMetadata: { 'a.media.show': VOD[0] } }];
  const steps = [
    { at: 5000, call: 'trackSessionStart', media },
    { at: 5000, call: 'trackPlay', playing: true },
    { at: 25000, call: 'trackPause', playing: false },
    { at: 26000, call: 'trackSessionEnd' },
  ];
  const replayed = await replay({ ...scenario(steps, { suite: 'mesuraprod', runUntil: 27000 }), visitorId });
  const own = (text: string) => text.replace(/^(\d{13})\d/, `$1${session}`);
  const requests = replayed.map((request) => ({
    ...request,
    params: Object.fromEntries(Object.entries(request.params).map(([key, value]) => [key, key === 's:event:sid' || key === 'c.a.media.vsid' ? own(value) : value])),
  }));
  await deliver(t, requests, (ms) => (clock = ms));
}

async function plays(): Promise<Record<string, any>> {
  const response = await t.server.app.inject({ url: `/api/reports/media/plays-by-content?${RANGE}&compare=previous`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('a media ranking under a minimum cohort of 2', () => {
  it('folds two hidden contents of two viewers into one row of others that reaches the cohort', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '2' }, () => clock);
    await play('peli-a', '1111111111111111-0000000000000001', 1);
    await play('peli-b', '2222222222222222-0000000000000002', 2);
    const answer = await plays();
    expect(answer.rows).toHaveLength(1);
    expect(answer.rows[0]).toMatchObject({ key: '(altres)', label: 'Altres (menys de 2 visitants)', values: { plays: 2 } });
    expect(answer.rows[0].hidden).toBeUndefined();
    expect(answer.othersRows).toBe(2);
    // The days before had no play: the row of others has nothing to be compared with.
    expect(answer.rows[0].previous.plays).toBeNull();
  });

  it('keeps each hidden when the same viewer played both: together they are still one viewer', async () => {
    t = await startTestServer({ MESURA_MIN_COHORT: '2' }, () => clock);
    await play('peli-a', '1111111111111111-0000000000000001', 1);
    await play('peli-b', '1111111111111111-0000000000000001', 2);
    const answer = await plays();
    expect(answer.rows.map((row: { key: string; hidden?: boolean }) => [row.key, row.hidden])).toEqual([
      ['peli-a', true],
      ['peli-b', true],
    ]);
    expect(answer.othersRows).toBeUndefined();
  });
});
