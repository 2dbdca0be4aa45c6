import { afterEach, describe, expect, it } from 'vitest';
import { deliver, replay, REPLAY_EPOCH_MS, scenario, VOD } from '../helpers/media.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const DAY_MS = 86_400_000;
let t: TestServer;
let clock = REPLAY_EPOCH_MS;
const setClock = (ms: number) => (clock = ms);

afterEach(async () => {
  await t.dispose();
});

async function start(env: Record<string, string> = {}) {
  clock = REPLAY_EPOCH_MS;
  t = await startTestServer(env, () => clock);
}

async function report(path: string): Promise<Record<string, any>> {
  const response = await t.server.app.inject({ url: `/api/reports/media/${path}`, headers: await t.authHeaders('analyst') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Polònia, season 4, played from 5.25 s to 25 s on a phone's browser, then closed. */
const POLONIA = scenario(
  [
    { at: 5000, call: 'trackSessionStart', media: [...VOD.slice(0, 5), { standardMetadata: { 'a.media.show': 'Polònia', 'a.media.season': '4' } }] },
    { at: 5000, call: 'trackPlay', playing: true },
    { at: 25000, call: 'trackPause', playing: false },
    { at: 26000, call: 'trackSessionEnd' },
  ],
  { suite: 'mesuraprod', runUntil: 27000 },
);

/** The preroll scenario on 2026-01-01 (Telenotícies) and Polònia the next day. */
async function sendTwoDays() {
  await deliver(t, await replay('preroll-ads-chapter-seek.json'), setClock);
  await deliver(t, await replay(POLONIA), (ms) => setClock(ms + DAY_MS));
}

const RANGE = 'from=2026-01-01&to=2026-01-02&suite=mesuraprod';

describe('media reports of the console, figures (minimum cohort 1)', () => {
  it('plays, time played, time per play and completion per day, every day a row', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await sendTwoDays();
    const answer = await report(`plays-by-day?from=2025-12-31&to=2026-01-02&suite=mesuraprod`);
    expect(answer).toMatchObject({ report: 'media/plays-by-day', chart: 'line', totalRows: 3, dimension: { key: 'day' } });
    // Telenotícies: content 5.6–20.0 s, 26.0–30.0 s and 32.0–40.0 s, completed; Polònia 5.25–25 s, not completed.
    expect(answer.rows).toEqual([
      { key: '2025-12-31', label: 'dc. 31/12/2025', values: { plays: 0, seconds_played: null, seconds_per_play: null, completion_rate: null, visitors: 0 } },
      { key: '2026-01-01', label: 'dj. 01/01/2026', values: { plays: 1, seconds_played: 26.4, seconds_per_play: 26.4, completion_rate: 1, visitors: 1 } },
      { key: '2026-01-02', label: 'dv. 02/01/2026', values: { plays: 1, seconds_played: 19.75, seconds_per_play: 19.75, completion_rate: 0, visitors: 1 } },
    ]);
    expect(answer.totals.values).toEqual({ plays: 2, seconds_played: 46.15, seconds_per_play: 23.075, completion_rate: 0.5, visitors: 1 });
  });

  it('ranks contents, programmes, seasons and channels by plays', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await sendTwoDays();
    const content = await report(`plays-by-content?${RANGE}`);
    expect(content).toMatchObject({ chart: 'bar', totalRows: 2 });
    expect(content.rows.map((r: any) => [r.key, r.label, r.values.plays])).toEqual([
      ['polonia-1', 'Polònia', 1],
      ['tn-2026-01-01', 'Telenotícies migdia', 1],
    ]);
    const programmes = await report(`plays-by-programme?${RANGE}`);
    expect(programmes.rows.map((r: any) => [r.key, r.values.seconds_played])).toEqual([
      ['Polònia', 19.75],
      ['Telenotícies', 26.4],
    ]);
    const seasons = await report(`plays-by-season?${RANGE}`);
    expect(seasons.rows.map((r: any) => [r.key, r.label])).toEqual([
      ['Polònia/4', 'Polònia, temporada 4'],
      ['Telenotícies/', 'Telenotícies, sense temporada'],
    ]);
    const channels = await report(`plays-by-channel?${RANGE}`);
    expect(channels.rows).toEqual([{ key: '', label: 'A la carta (sense canal)', values: { plays: 2, seconds_played: 46.15, seconds_per_play: 23.075, completion_rate: 0.5, visitors: 1 } }]);
  });

  it('pages a ranking in its query: one row at a time, with how many there are and the total of all', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await sendTwoDays();
    const first = await report(`plays-by-content?${RANGE}&limit=1`);
    const second = await report(`plays-by-content?${RANGE}&limit=1&offset=1`);
    expect([first.totalRows, second.totalRows]).toEqual([2, 2]);
    expect([...first.rows, ...second.rows].map((r: any) => r.key)).toEqual(['polonia-1', 'tn-2026-01-01']);
    // The total counts every content, not the page's.
    expect(first.totals.values).toMatchObject({ plays: 2, seconds_played: 46.15, visitors: 1 });
    // A compared period measures the page's rows only, whatever their rank there: Polònia was not played the day before.
    const compared = await report(`plays-by-content?from=2026-01-02&to=2026-01-02&suite=mesuraprod&compare=previous`);
    expect(compared.rows.map((r: any) => [r.key, r.values.plays, r.previous?.plays])).toEqual([['polonia-1', 1, null]]);
    expect(compared.totals.previous).toMatchObject({ plays: 1 });
  });

  it('counts ad breaks, ads started and completed, and chapters', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await sendTwoDays();
    const answer = await report(`ads-by-content?${RANGE}`);
    // Telenotícies' two ads play 0.1–3.0 s and 3.6–5.5 s: each one's last 100 ms, closed at its
    // complete, is 250 ms or less and not sent (the commercial library's rule 5).
    expect(answer.rows).toEqual([
      {
        key: 'tn-2026-01-01',
        label: 'Telenotícies migdia',
        values: { ad_breaks: 1, ads_started: 2, ads_completed: 2, ad_completion_rate: 1, ad_seconds: 4.8, chapters_started: 1, chapters_completed: 0 },
      },
      {
        key: 'polonia-1',
        label: 'Polònia',
        values: { ad_breaks: 0, ads_started: 0, ads_completed: 0, ad_completion_rate: null, ad_seconds: 0, chapters_started: 0, chapters_completed: 0 },
      },
    ]);
    const byDay = await report(`ads-by-day?${RANGE}`);
    expect(byDay.rows.map((r: any) => r.values.ads_started)).toEqual([2, 0]);
  });

  it('tells the quality of experience: startup, rebuffering, bitrate, failures', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await sendTwoDays();
    const answer = await report(`quality-by-content?${RANGE}`);
    const tn = answer.rows.find((r: any) => r.key === 'tn-2026-01-01');
    const polonia = answer.rows.find((r: any) => r.key === 'polonia-1');
    // A 2 s stall after the content began: 2 / (2 + 26.4).
    expect(tn.values).toEqual({
      plays: 1,
      startup_time_ms: 1400,
      rebuffer_ratio: 2 / 28.4,
      exits_before_start: 0,
      start_failures: 0,
      bitrate: 2_500_000,
      dropped_frames: 0,
    });
    expect(polonia.values).toEqual({
      plays: 1,
      startup_time_ms: 800,
      rebuffer_ratio: 0,
      exits_before_start: 0,
      start_failures: 0,
      bitrate: 2_000_000,
      dropped_frames: 0,
    });
    const byDay = await report(`quality-by-day?${RANGE}`);
    expect(byDay.totals.values).toMatchObject({ plays: 2, startup_time_ms: 1100, rebuffer_ratio: 2 / 48.15 });
  });

  it('opens a programme into its seasons and a season into its episodes, in the same family of figures', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await sendTwoDays();
    const programmes = await report(`quality-by-programme?${RANGE}`);
    expect(programmes.rows.map((r: any) => [r.key, r.drill])).toEqual([
      ['Polònia', { report: 'media/quality-by-season', params: { programme: 'Polònia' } }],
      ['Telenotícies', { report: 'media/quality-by-season', params: { programme: 'Telenotícies' } }],
    ]);
    const seasons = await report(`quality-by-season?${RANGE}&programme=${encodeURIComponent('Polònia')}`);
    expect(seasons.rows.map((r: any) => [r.key, r.values.plays, r.drill])).toEqual([['Polònia/4', 1, { report: 'media/quality-by-content', params: { programme: 'Polònia', season: '4' } }]]);
    const episodes = await report(`quality-by-content?${RANGE}&programme=${encodeURIComponent('Polònia')}&season=4`);
    expect(episodes.rows.map((r: any) => [r.key, r.label, r.values.plays])).toEqual([['polonia-1', 'Polònia', 1]]);
    expect(episodes.totals.values).toMatchObject({ plays: 1 });
    // A programme without seasons opens the season '' ("sense temporada"), whose episodes are found again.
    const unnumbered = await report(`plays-by-content?${RANGE}&programme=${encodeURIComponent('Telenotícies')}&season=`);
    expect(unnumbered.rows.map((r: any) => r.key)).toEqual(['tn-2026-01-01']);
    expect((await report(`plays-by-content?${RANGE}&programme=${encodeURIComponent('Polònia')}&season=5`)).rows).toEqual([]);
  });

  it('tells apart episodes that share a title by their content id, and leaves a title shown once as it is', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    // Two episodes of Polònia under one title, played one after the other, and Telenotícies.
    const episode = (id: string) => ['Polònia', id, 600, 'vod', 'video', { standardMetadata: { 'a.media.show': 'Polònia', 'a.media.season': '4' } }];
    const twoEpisodes = scenario(
      [
        { at: 5000, call: 'trackSessionStart', media: episode('polonia-1') },
        { at: 5000, call: 'trackPlay', playing: true },
        { at: 15000, call: 'trackSessionEnd' },
        { at: 20000, call: 'trackSessionStart', media: episode('polonia-2') },
        { at: 20000, call: 'trackPlay', playing: true },
        { at: 30000, call: 'trackSessionEnd' },
      ],
      { suite: 'mesuraprod', runUntil: 31000 },
    );
    await deliver(t, await replay('preroll-ads-chapter-seek.json'), setClock);
    await deliver(t, await replay(twoEpisodes), (ms) => setClock(ms + DAY_MS));
    const episodes = await report(`plays-by-content?${RANGE}`);
    expect(episodes.rows.map((r: any) => [r.key, r.label]).sort()).toEqual([
      ['polonia-1', 'Polònia (polonia-1)'],
      ['polonia-2', 'Polònia (polonia-2)'],
      ['tn-2026-01-01', 'Telenotícies migdia'],
    ]);
  });

  it('applies the programme filter and lists the filters media data cannot apply', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await sendTwoDays();
    const answer = await report(`plays-by-content?${RANGE}&f=programme:Polònia&f=section:noticies`);
    expect(answer.rows.map((r: any) => r.key)).toEqual(['polonia-1']);
    expect(answer.ignoredFilters).toEqual(['section']);
    // The replays play in a desktop browser.
    expect((await report(`ads-by-programme?${RANGE}&f=device:mobile`)).rows).toEqual([]);
    expect((await report(`ads-by-programme?${RANGE}&f=device:desktop`)).totalRows).toBe(2);
    const compared = await report(`plays-by-day?from=2026-01-02&to=2026-01-02&suite=mesuraprod&compare=previous`);
    expect(compared.rows).toMatchObject([{ key: '2026-01-02', values: { plays: 1 }, previous: { plays: 1, seconds_played: 26.4 } }]);
  });
});

describe('media reports of the console, minimum cohort', () => {
  it('hides a cell of one viewer', async () => {
    await start({ MESURA_MIN_COHORT: '5' });
    await sendTwoDays();
    const answer = await report(`plays-by-content?${RANGE}`);
    expect(answer.rows).toMatchObject([
      { key: 'polonia-1', hidden: true, values: { plays: null, seconds_played: null } },
      { key: 'tn-2026-01-01', hidden: true, values: { plays: null } },
    ]);
    expect(answer.totals).toMatchObject({ hidden: true, values: { plays: null } });
  });
});
