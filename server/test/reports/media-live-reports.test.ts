import { afterEach, describe, expect, it } from 'vitest';
import { deliver, replay, REPLAY_EPOCH_MS, scenario } from '../helpers/media.js';
import { beaconUrl, BROWSER_UA, startTestServer, testHit, type TestServer } from '../helpers/test-server.js';

const MINUTE_MS = 60_000;
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

async function report(path: string): Promise<{ status: number; body: Record<string, any> }> {
  const response = await t.server.app.inject({ url: `/api/reports/media/${path}`, headers: await t.authHeaders('analyst') });
  return { status: response.statusCode, body: response.json() };
}

async function figures(path: string): Promise<Record<string, any>> {
  const { status, body } = await report(path);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/**
 * Live Mesura TV from 00:59 to 01:01:30 UTC on 2026-01-01 (01:59–02:01:30 in Barcelona), in the
 * session the page started for "El Reportatge (redifusió)", on air until 02:00; "Música a la nit"
 * follows. The replay's clock starts at 00:00 UTC.
 */
const LIVE_TV = scenario(
  [
    { at: 59 * MINUTE_MS, call: 'trackSessionStart', media: ['El Reportatge (redifusió)', 'mesura-tv-2026-01-01T00:00:00+01:00', 0, 'live', 'video'] },
    { at: 59 * MINUTE_MS, call: 'trackPlay', playing: true },
    { at: 61.5 * MINUTE_MS, call: 'trackSessionEnd' },
  ],
  { suite: 'mesuraprod', runUntil: 61.5 * MINUTE_MS + 1000 },
);

/** Live Mesura Ràdio for a minute from 00:10 UTC. */
const LIVE_RADIO = scenario(
  [
    { at: 10 * MINUTE_MS, call: 'trackSessionStart', media: ['La nit de Mesura Ràdio', 'mesura-radio-2026-01-01T00:00:00+01:00', 0, 'linear', 'audio'] },
    { at: 10 * MINUTE_MS, call: 'trackPlay', playing: true },
    { at: 11 * MINUTE_MS, call: 'trackSessionEnd' },
  ],
  { suite: 'mesuraprod', runUntil: 11 * MINUTE_MS + 1000 },
);

/** The scFinestraNova direct call (event 26) on a station's page. */
async function openPopOut(visitor: string, station: string, at: number) {
  clock = at;
  const hit = testHit({
    visitor: { fid: visitor },
    pageName: `radio:${station}`,
    events: [{ id: 26 }],
    eVars: { 1: 'radio', 2: station, 7: station },
    props: { 7: station },
    link: { type: 'o', name: 'Escolta en una finestra nova' },
  });
  const response = await t.server.app.inject({ url: beaconUrl(hit, 'link_o', ['mesuraprod']), headers: { 'user-agent': BROWSER_UA } });
  expect(response.statusCode).toBe(200);
}

const DAY = 'from=2026-01-01&to=2026-01-01&suite=mesuraprod';

describe('live and radio reports (minimum cohort 1)', () => {
  it('counts live viewers in each minute of the day, in the local wall clock', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await deliver(t, await replay(LIVE_TV), setClock);
    // Asked for 5 rows, the series still comes whole: a chart of part of a day would mislead.
    const answer = await figures(`live-viewers-per-minute?${DAY}&day=2026-01-01&channel=mesura-tv&offset=118&limit=5`);
    expect(answer).toMatchObject({ chart: 'line', totalRows: 1440, from: '2026-01-01', to: '2026-01-01' });
    expect(answer.rows).toHaveLength(1440);
    // Play begins at 00:59:00.25 UTC; heartbeats at 00:59:01.25 (1 s), every 10 s from 00:59:11.25, and 8.75 s at the end (01:01:30.25).
    expect(answer.rows.slice(118, 123).map((r: any) => [r.label, r.values.viewers, r.values.seconds_played])).toEqual([
      ['01:58', 0, null],
      ['01:59', 1, 51],
      ['02:00', 1, 60],
      ['02:01', 1, 38.75],
      ['02:02', 0, null],
    ]);
    expect(answer.totals.values).toEqual({ viewers: 1, seconds_played: 149.75 });
    const otherChannel = await figures(`live-viewers-per-minute?${DAY}&channel=mesura-24`);
    expect(otherChannel.rows[119].values.viewers).toBe(0);
  });

  it("attributes live viewing to the guide's broadcast on air at that minute", async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await deliver(t, await replay(LIVE_TV), setClock);
    const answer = await figures(`live-guide-viewing?${DAY}`);
    // The heartbeats received before 01:00 UTC (02:00 in Barcelona) count for El Reportatge, the rest for Música a la nit.
    expect(answer.rows).toEqual([
      { key: 'mesura-tv|El Reportatge (redifusió)', label: 'El Reportatge (redifusió) (Mesura TV)', values: { viewers: 1, seconds_played: 51, seconds_per_viewer: 51 } },
      { key: 'mesura-tv|Música a la nit', label: 'Música a la nit (Mesura TV)', values: { viewers: 1, seconds_played: 98.75, seconds_per_viewer: 98.75 } },
    ]);
    expect((await figures(`live-guide-viewing?${DAY}&channel=mesura-24`)).rows).toEqual([]);
  });

  it('ranks the live session under its channel, which opens its viewers minute by minute', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await deliver(t, await replay(LIVE_TV), setClock);
    const answer = await figures(`plays-by-channel?${DAY}`);
    expect(answer.rows).toMatchObject([
      { key: 'mesura-tv', label: 'Mesura TV', values: { plays: 1, seconds_played: 149.75 }, drill: { report: 'media/live-viewers-per-minute', params: { channel: 'mesura-tv' } } },
    ]);
    expect((await figures(`quality-by-channel?${DAY}&f=channel:mesura-tv`)).rows.map((r: any) => r.key)).toEqual(['mesura-tv']);
    expect((await figures(`plays-by-channel?${DAY}&f=channel:mesura-24`)).rows).toEqual([]);
  });

  it('counts radio listeners per station, and the pop-out window opened', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await deliver(t, await replay(LIVE_RADIO), setClock);
    await deliver(t, await replay(LIVE_TV), setClock);
    await openPopOut('A', 'mesura-radio', REPLAY_EPOCH_MS + 20 * MINUTE_MS);
    await openPopOut('A', 'mesura-radio', REPLAY_EPOCH_MS + 21 * MINUTE_MS);
    await openPopOut('B', 'mesura-musica', REPLAY_EPOCH_MS + 22 * MINUTE_MS);
    const listeners = await figures(`radio-listeners?${DAY}`);
    // Television is not radio: only the station's minute counts (less the 0.25 s the start took).
    expect(listeners.rows).toEqual([{ key: 'mesura-radio', label: 'Mesura Ràdio', values: { listeners: 1, sessions: 1, seconds_played: 59.75, seconds_per_listener: 59.75 } }]);
    const popOut = await figures(`radio-pop-out?${DAY}`);
    expect(popOut.rows).toEqual([
      { key: 'mesura-radio', label: 'Mesura Ràdio', values: { opens: 2, visitors: 1 } },
      { key: 'mesura-musica', label: 'Mesura Música', values: { opens: 1, visitors: 1 } },
    ]);
    expect(popOut.totals.values).toEqual({ opens: 3, visitors: 2 });
  });

  it('lists the live reports with their own parameters in the catalogue', async () => {
    await start();
    const response = await t.server.app.inject({ url: '/api/reports/catalogue', headers: await t.authHeaders('analyst') });
    const channels = [
      { value: 'mesura-tv', label: 'Mesura TV' },
      { value: 'mesura-24', label: 'Mesura 24' },
      { value: 'mesura-esports', label: 'Mesura Esports' },
      { value: 'mesura-radio', label: 'Mesura Ràdio' },
      { value: 'mesura-musica', label: 'Mesura Música' },
      { value: 'mesura-classica', label: 'Mesura Clàssica' },
    ];
    const channel = { name: 'channel', kind: 'choice', label: 'Canal o emissora', absentLabel: 'Tots els canals i emissores', choices: channels };
    expect(response.json()).toContainEqual({
      report: 'media/live-viewers-per-minute',
      area: 'media',
      title: 'Espectadors del directe per minut',
      params: ['day', 'channel'],
      controls: [{ name: 'day', kind: 'day', label: 'Dia', absentLabel: 'El darrer dia sencer del període' }, channel],
    });
    expect(response.json()).toContainEqual({ report: 'media/live-guide-viewing', area: 'media', title: 'Directe per programa de la graella', params: ['channel'], controls: [channel] });
  });

  it('names a live broadcast in the content ranking by its title, channel and start, its id kept as the key', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await deliver(t, await replay(LIVE_TV), setClock);
    const answer = await figures(`plays-by-content?${DAY}`);
    expect(answer.rows.map((r: any) => [r.key, r.label])).toEqual([['mesura-tv-2026-01-01T00:00:00+01:00', 'El Reportatge (redifusió) · Mesura TV, dj. 01/01/2026 00:00']]);
  });

  it('draws the quality of experience on a quality figure, ranked by plays', async () => {
    await start({ MESURA_MIN_COHORT: '1' });
    await deliver(t, await replay(LIVE_TV), setClock);
    const answer = await figures(`quality-by-channel?${DAY}`);
    expect(answer.metrics.map((m: any) => m.key).slice(0, 3)).toEqual(['rebuffer_ratio', 'startup_time_ms', 'plays']);
    expect(answer.rows.map((r: any) => [r.key, r.values.plays])).toEqual([['mesura-tv', 1]]);
  });

  it.each([
    ['live-viewers-per-minute?day=2026-02-30', 'day must be a date as YYYY-MM-DD'],
    ['live-viewers-per-minute?channel=tv3', 'channel must be one of mesura-tv, mesura-24, mesura-esports, mesura-radio, mesura-musica, mesura-classica'],
  ])('answers %s with 400 and one line', async (path, error) => {
    await start({ MESURA_MIN_COHORT: '1' });
    const { status, body } = await report(`${path}&from=2026-01-01&to=2026-01-01`);
    expect(status).toBe(400);
    expect(body).toEqual({ error, code: 'MESURA_ERR_BAD_QUERY' });
  });
});

describe('live reports, minimum cohort', () => {
  it('hides the minutes of one viewer', async () => {
    await start({ MESURA_MIN_COHORT: '5' });
    await deliver(t, await replay(LIVE_TV), setClock);
    const answer = await figures(`live-viewers-per-minute?${DAY}`);
    expect(answer.rows.slice(119, 120)).toEqual([{ key: '119', label: '01:59', values: { viewers: null, seconds_played: null }, hidden: true }]);
    const guide = await figures(`live-guide-viewing?${DAY}`);
    expect(guide.rows.every((r: any) => r.hidden === true)).toBe(true);
  });
});
