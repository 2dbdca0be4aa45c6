/**
 * The collector and the media sessions understand every heartbeat the commercial library sends
 * (shared/reference/media-traces: what MediaHeartbeat 2.2.x really sent in 38 scenarios, which the
 * media tracker sends exactly): the recorded heartbeats go through `/hb/` into the store, and each
 * session's figures are checked against its scenario's own timeline, written out below from its
 * steps in ms since its start. Play is reported from the first trackPlay plus the 250 ms preroll
 * wait; RULES.md (beside the traces) numbers the library's rules the comments cite.
 */
import { describe, expect, it } from 'vitest';
import { GOLDEN_SCENARIOS, goldenTrace } from '../helpers/golden-media-traces.js';
import { deliver, REPLAY_DAY, REPLAY_EPOCH_MS, useReplayServer, type ReplayedRequest } from '../helpers/media.js';

const SUITE = 'mesuradev';
const media = useReplayServer();
/** Delivering all 1,471 recorded heartbeats one by one, each durable before the next: seconds. */
const ALL_TRACES_TIMEOUT_MS = 180_000;

/** Seconds in the spans [from, to) of a timeline, ms since the scenario's start. */
function seconds(spans: readonly (readonly [number, number])[]): number {
  return spans.reduce((sum, [from, to]) => sum + (to - from), 0) / 1000;
}

function trace(scenario: string, sessionSuffix = ''): ReplayedRequest[] {
  return goldenTrace(scenario, { startMs: REPLAY_EPOCH_MS, suite: SUITE, sessionSuffix });
}

async function sessions(): Promise<Record<string, any>[]> {
  const response = await media.t.server.app.inject({
    url: `/api/reports/media/sessions?from=${REPLAY_DAY}&to=${REPLAY_DAY}&suite=${SUITE}`,
    headers: await media.t.authHeaders('analyst'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().sessions;
}

/** The sessions of one delivered scenario, in the order their first heartbeat left. */
async function sessionsOf(scenario: string): Promise<Record<string, any>[]> {
  const requests = trace(scenario);
  await deliver(media.t, requests, media.setClock);
  const ids = [...new Set(requests.map((request) => request.params['s:event:sid']))];
  const listed = await sessions();
  expect(listed.map((session) => session.sessionId).sort()).toEqual([...ids].sort());
  return ids.map((id) => listed.find((session) => session.sessionId === id)!);
}

/** Milliseconds of the heartbeats of one session, asset and type, as the recording sent them. */
function sentMs(requests: readonly ReplayedRequest[], sessionId: string, asset: string, types: readonly string[]): number {
  return requests
    .filter(({ params }) => params['s:event:sid'] === sessionId && params['s:asset:type'] === asset && types.includes(params['s:event:type']!))
    .reduce((sum, { params }) => sum + Number(params['l:event:duration']), 0);
}

describe('the commercial library’s recorded heartbeats through the collector (shared/reference/media-traces)', () => {
  it(
    'accepts every heartbeat of the 38 recordings and counts each play and ad state once in its session',
    async () => {
      expect(GOLDEN_SCENARIOS).toHaveLength(38);
      const requests = GOLDEN_SCENARIOS.flatMap((scenario, n) => trace(scenario, `-${n}`)).sort((a, b) => a.sentAtMs - b.sentAtMs);
      await deliver(media.t, requests, media.setClock);
      const listed = await sessions();
      const ids = new Set(requests.map((request) => request.params['s:event:sid']!));
      expect(listed).toHaveLength(ids.size);
      // Each state heartbeat carries the time since that state's previous one: a chapter's close, the
      // play 0 that reopens it and the extra 0 of a periodic tick (RULES.md 7, 8) add nothing twice.
      for (const session of listed) {
        expect(session.contentSeconds, session.sessionId).toBe(sentMs(requests, session.sessionId, 'main', ['play']) / 1000);
        expect(session.adSeconds, session.sessionId).toBe(sentMs(requests, session.sessionId, 'ad', ['play']) / 1000);
      }
    },
    ALL_TRACES_TIMEOUT_MS,
  );

  it('counts chapter closes once: the play time of chapters-while-playing is its time played', async () => {
    const [session] = await sessionsOf('chapters-while-playing');
    // Played from 1.2 s to the pause at 47.8 s through four chapters: Obertura and Cloenda
    // completed, Debat replaced by Votació (no chapter_complete, RULES.md 9), Votació skipped.
    expect(session).toMatchObject({ contentSeconds: seconds([[1_200, 47_800]]), chaptersStarted: 4, chaptersCompleted: 2, bufferingSeconds: 0, adSeconds: 0 });
  });

  it('counts a stall as rebuffering, not as play (stall-and-playhead-jumps)', async () => {
    const [session] = await sessionsOf('stall-and-playhead-jumps');
    // trackPlay at 1.26 s (play from 1.51 s) with a playhead that does not move until 6.7 s, and
    // stops again from 37.3 s to 52.65 s. Two polls without progress make a stall, closed at the
    // first poll that sees progress: 4.514–7.517 s and 39.549–53.563 s (RULES.md 23). The play
    // before each stall is sent as its progress, 0 (rule 24); the jumps of the playhead forward and
    // back count their wall-clock time. Paused at 60 s.
    const played = seconds([
      [7_517, 37_501],
      [53_563, 60_001],
    ]);
    const stalled = seconds([
      [4_514, 7_517],
      [39_549, 53_563],
    ]);
    expect(session).toMatchObject({ contentSeconds: played, bufferingSeconds: stalled, rebufferRatio: Math.round((stalled / (stalled + played)) * 10_000) / 10_000 });
  });

  it('counts an ad’s play, not its pause or buffer, as ad time, and its error (ad-pause-buffer-error-bitrate)', async () => {
    const [session] = await sessionsOf('ad-pause-buffer-error-bitrate');
    // Content 1.05–12.44 s; the ad plays 12.44–15.19 s, is paused to 17.86 s, plays to 20.33 s,
    // buffers to 22.7 s and plays to its end at 32.5 s, with an error at 25.38 s (RULES.md 13, 15).
    expect(session).toMatchObject({
      contentSeconds: seconds([[1_050, 12_440]]),
      adSeconds: seconds([
        [12_440, 15_190],
        [17_860, 20_330],
        [22_700, 32_500],
      ]),
      bufferingSeconds: 0,
      adBreaks: 1,
      adsStarted: 1,
      adsCompleted: 1,
      errors: 1,
      startFailure: false,
    });
  });

  it('counts the chapters that change during an ad and the content around the break (chapter-changes-during-ad)', async () => {
    const [session] = await sessionsOf('chapter-changes-during-ad');
    // Content 0.75–14.22 s and 29.22–35 s; an ad 14.22–29.22 s, during which the first chapter
    // completes (20.48 s) and the second starts (22.75 s, rule 11). Each chapter event closes the
    // state before it (rule 8), and the library drops the closes of 250 ms or less (rule 5): the
    // 149 ms of content before the first chapter_start, and the ad's 230 and 250 ms since its
    // heartbeat of each second.
    expect(session).toMatchObject({
      contentSeconds: seconds([
        [750, 1_752],
        [1_901, 14_220],
        [29_220, 35_000],
      ]),
      adSeconds: seconds([
        [14_221, 20_251],
        [20_481, 22_501],
        [22_751, 29_221],
      ]),
      chaptersStarted: 2,
      chaptersCompleted: 1,
      bufferingSeconds: 0,
    });
  });

  it('counts neither the gaps of a break with no ad playing nor its paused ad (break-gaps-while-paused)', async () => {
    const [session] = await sessionsOf('break-gaps-while-paused');
    // Content 0.95–9.12 s, paused to the break; the break's gaps before, between and after its two
    // ads are sent as main buffer (3.54 s); the first ad stays paused, the second is paused until
    // trackPlay at 19 s and plays to 25.02 s; content again from 26.4 s to the pause at 33 s.
    expect(session).toMatchObject({
      contentSeconds: seconds([
        [951, 9_121],
        [26_401, 33_001],
      ]),
      adSeconds: seconds([[19_001, 25_001]]),
      bufferingSeconds: 0,
      adsStarted: 2,
      adsCompleted: 2,
    });
  });

  it('counts a buffer that chapter events split once (chapters-paused-and-buffering)', async () => {
    const [session] = await sessionsOf('chapters-paused-and-buffering');
    // Buffering 18.931–21.011 s, with a chapter skip at 19.771 s, and 27.101–28.051 s, with a
    // chapter complete at 27.701 s: each chapter event closes the buffer (RULES.md 8), which is
    // not reopened but goes on from there. Played 1.45–6.85 s, 13.48–18.93 s, 21.01–27.1 s and
    // 28.05–30.5 s, through the chapter starts that close and reopen play.
    expect(session).toMatchObject({
      bufferingSeconds: seconds([
        [18_931, 21_011],
        [27_101, 28_051],
      ]),
      contentSeconds: seconds([
        [1_451, 6_851],
        [13_481, 18_931],
        [21_011, 27_101],
        [28_051, 30_501],
      ]),
      chaptersStarted: 3,
      chaptersCompleted: 2,
    });
  });

  it('leaves out of rebuffering a break’s gap that a chapter start splits (RULES.md 12)', async () => {
    // break-gaps-while-paused with a chapter started in the gap after the last ad (completed at
    // 25.021 s): the library sends only chapter_start (26 s here), and the gap's buffer, closed at
    // the break's end (26.401 s), then counts from it. A chapter event is a main heartbeat even
    // in a break; the ad before it still says the gap is the break's.
    const requests = trace('break-gaps-while-paused');
    const gap = requests.findIndex(({ params }) => params['s:event:type'] === 'buffer' && Number(params['l:event:duration']) === 1_380);
    const closing = requests[gap]!;
    const chapterStartMs = Number(closing.params['l:event:ts']) - 401;
    const chapter = {
      's:stream:chapter_id': 'c0ffee_1',
      's:stream:chapter_sid': `${chapterStartMs}1`,
      's:stream:chapter_name': 'Part',
      'l:stream:chapter_pos': '1',
      'l:stream:chapter_length': '60',
      'l:stream:chapter_offset': '8',
    };
    const chapterStart = {
      kind: 'heartbeat' as const,
      sentAtMs: closing.sentAtMs - 1,
      params: { ...closing.params, 's:event:type': 'chapter_start', 'l:event:duration': '0', 'l:event:ts': String(chapterStartMs), ...chapter },
    };
    const shortened = { ...closing, params: { ...closing.params, 'l:event:duration': '401', ...chapter } };
    await deliver(media.t, [...requests.slice(0, gap), chapterStart, shortened, ...requests.slice(gap + 1)], media.setClock);
    expect(await sessions()).toMatchObject([{ bufferingSeconds: 0, chaptersStarted: 1 }]);
  });

  it('counts seeks, sent as pause, in no figure (seeks-while-playing)', async () => {
    const [session] = await sessionsOf('seeks-while-playing');
    // Played from 1.55 s, with seeks at 7.42–7.59 s, 15.63–16.89 s, 24.12–47.77 s and 55.01–56.26 s; paused at 62 s.
    expect(session).toMatchObject({
      contentSeconds: seconds([
        [1_550, 7_420],
        [7_590, 15_630],
        [16_890, 24_120],
        [47_770, 55_010],
        [56_260, 62_000],
      ]),
      bufferingSeconds: 0,
    });
  });

  it('counts the plays of 250 ms or less in no figure (short-play-states)', async () => {
    const [session] = await sessionsOf('short-play-states');
    // Plays of 140 ms (6.19 s) and 240 ms (13 s) are reported nowhere (RULES.md 5); those of 280 and 265 ms are.
    expect(session).toMatchObject({
      contentSeconds: seconds([
        [1_050, 4_040],
        [8_610, 8_890],
        [11_180, 11_445],
        [15_000, 18_000],
      ]),
    });
  });

  it('ends a session idle after 30 minutes paused and counts its chapter again in the session that resumes it (idle-pause-chapter-resume)', async () => {
    const [idle, resumed] = await sessionsOf('idle-pause-chapter-resume');
    // Played 1.69–8.86 s, Ponència 1 from 3.1 s and Ponència 2 from 15.23 s while paused; the library
    // ends the session 30 minutes into the pause (RULES.md 30); trackPlay at 1,851.43 s resumes in
    // a new session, which restarts Ponència 2 (rule 31), and ends at 1,866 s.
    expect(idle).toMatchObject({ contentSeconds: seconds([[1_690, 8_860]]), chaptersStarted: 2, chaptersCompleted: 0, endedReason: 'end' });
    expect(resumed).toMatchObject({ contentSeconds: seconds([[1_851_430, 1_863_000]]), chaptersStarted: 1, endedReason: 'end' });
  });
});
