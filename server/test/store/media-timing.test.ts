/**
 * The media sessions stay right with the commercial library's timing (wire-formats §2): the
 * scenarios that state its rules (@mesura/test-utils media-scenarios/rule-*.json), each closed with a
 * session end, are replayed through the media tracker and the real ingest, and the session's
 * figures are checked against the scenario's own timeline, written out below from its steps.
 */
import { readMediaScenario } from '@mesura/test-utils';
import { describe, expect, it } from 'vitest';
import { deliver, replay, REPLAY_DAY, useReplayServer } from '../helpers/media.js';

const media = useReplayServer();

/** A rule scenario of @mesura/test-utils without its expected lines, ended by trackSessionEnd at `endAt` ms. */
function endedScenario(file: string, endAt: number): object {
  const { expected: _expected, steps, ...scenario } = readMediaScenario(file) as { expected: unknown; steps: object[] };
  return { ...scenario, steps: [...steps, { at: endAt, call: 'trackSessionEnd' }], runUntil: endAt + 1000 };
}

/** Seconds in the spans [from, to) of the timeline, ms since the scenario's start. */
function seconds(spans: readonly (readonly [number, number])[]): number {
  return spans.reduce((sum, [from, to]) => sum + (to - from), 0) / 1000;
}

async function figuresOf(file: string, endAt: number): Promise<Record<string, unknown>> {
  await deliver(media.t, await replay(endedScenario(file, endAt)), media.setClock);
  const response = await media.t.server.app.inject({
    url: `/api/reports/media/sessions?from=${REPLAY_DAY}&to=${REPLAY_DAY}&suite=rsid.test`,
    headers: await media.t.authHeaders('analyst'),
  });
  expect(response.statusCode, response.body).toBe(200);
  const sessions = response.json().sessions as Record<string, unknown>[];
  expect(sessions).toHaveLength(1);
  return sessions[0]!;
}

describe('media sessions of the heartbeat timing rules (wire-formats §2)', () => {
  it('counts an interrupted playback: the pause and the seek in no figure, the buffer as buffering', async () => {
    const figures = await figuresOf('rule-1-one-second-play-once.json', 47_000);
    // Reported play from 0.25 s (after the preroll wait); paused 5–8 s, buffering 20–22 s,
    // seeking 35–36 s; the session ends at 47 s.
    expect(figures).toMatchObject({
      contentSeconds: seconds([
        [250, 5_000],
        [8_000, 20_000],
        [22_000, 35_000],
        [36_000, 47_000],
      ]),
      adSeconds: 0,
      bufferingSeconds: seconds([[20_000, 22_000]]),
      endedReason: 'end',
    });
  });

  it('counts the short buffers in no figure and short pauses in none either', async () => {
    const figures = await figuresOf('short-buffer-dropped-short-pause-reported.json', 45_000);
    // Paused 5–5.25 s and 39–39.251 s (a pause is always reported, as pause), buffering 19.75–20 s
    // and 29.9–30 s (250 ms or less: not reported, shared/reference/media-traces/RULES.md rule 5).
    expect(figures).toMatchObject({
      contentSeconds: seconds([
        [250, 5_000],
        [5_250, 19_750],
        [20_000, 29_900],
        [30_000, 39_000],
        [39_251, 45_000],
      ]),
      adSeconds: 0,
      bufferingSeconds: 0,
    });
  });

  it('counts a midroll of two ads as ad time and the content around it', async () => {
    const figures = await figuresOf('rule-4-ad-heartbeats-carry-content-playhead.json', 31_000);
    // Content 0.25–15 s, ads 15–18 s and 18–20 s, content again from the break's end at 20 s.
    expect(figures).toMatchObject({
      contentSeconds: seconds([
        [250, 15_000],
        [20_000, 31_000],
      ]),
      adSeconds: seconds([
        [15_000, 18_000],
        [18_000, 20_000],
      ]),
      adBreaks: 1,
      adsStarted: 2,
      adsCompleted: 2,
      bufferingSeconds: 0,
    });
  });

  it('counts the content buffering right after a break, not the break’s gap after its ad', async () => {
    const figures = await figuresOf('rule-5-only-ads-tick-every-second.json', 53_000);
    // Content 0.25–15 s; an ad 15–17 s; the break waits with no ad 17–30 s (not the viewer waiting
    // for the content); content 30–30.5 s, buffering 30.5–42 s, content again from 42 s.
    expect(figures).toMatchObject({
      contentSeconds: seconds([
        [250, 15_000],
        [30_000, 30_500],
        [42_000, 53_000],
      ]),
      adSeconds: seconds([[15_000, 17_000]]),
      bufferingSeconds: seconds([[30_500, 42_000]]),
    });
  });
});
