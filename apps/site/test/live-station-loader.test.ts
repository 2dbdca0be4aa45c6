/**
 * The radio pages' loader (routes/live-routes.tsx loadStation): a station airs programmes of other
 * stations too, so the page gets every programme, and the broadcast on air is named with its
 * programme's code and producer whichever station the programme belongs to.
 */
import { contentApi, type Broadcast, type Programme, type StationResponse } from '@mesura/content';
import { afterEach, describe, expect, it } from 'vitest';
import { setContentFetcher } from '../src/content/content-client';
import { programmeOf, stationPageFields } from '../src/live/live-page-fields';
import { loadStation } from '../src/routes/live-routes';

const MUSIC = { slug: 'musica-per-a-tothom', code: 'MUSICA-TOTHOM', title: 'Música per a tothom', kind: 'audio', channel: 'mesura-musica', producer: 'Mesura Ràdio' } as Programme;
const NIGHT: Broadcast = {
  id: 'mesura-radio-2026-11-25T23:00:00+01:00',
  channel: 'mesura-radio',
  title: 'Música per a tothom',
  programme: 'musica-per-a-tothom',
  start: '2026-11-25T23:00:00+01:00',
  end: '2026-11-26T00:00:00+01:00',
  genre: 'Música',
};
const STATION_ANSWER: StationResponse = {
  station: { slug: 'mesura-radio', name: 'Mesura Ràdio', liveSrc: '/live/mesura-radio/index.m3u8', dvrWindowSeconds: 600 },
  now: NIGHT,
  next: NIGHT,
  schedule: [NIGHT],
  // Its own podcasts only: the music programme belongs to mesura-musica.
  podcasts: [],
};

function answering(bodies: Record<string, unknown>): void {
  setContentFetcher(async (path) => (path in bodies ? new Response(JSON.stringify(bodies[path])) : new Response('', { status: 404 })));
}

afterEach(() => setContentFetcher((path) => fetch(path)));

describe('radio station loader', () => {
  it('gives the page every programme, so a broadcast of another station’s programme carries its code and producer', async () => {
    answering({ [contentApi.station('mesura-radio')]: STATION_ANSWER, [contentApi.programmes()]: { programmes: [MUSIC] } });
    const data = await loadStation({ params: { emissora: 'mesura-radio' } });
    expect(data?.programmes).toEqual([MUSIC]);
    const fields = stationPageFields(data!.station, { broadcast: data!.now, programme: programmeOf(data!.now, data!.programmes) });
    expect(fields).toMatchObject({ programaWeb: 'MUSICA-TOTHOM', productorContingut: 'Mesura Ràdio', nomPrograma: 'Música per a tothom' });
  });

  it('answers undefined (a not-found page) for an unknown station', async () => {
    answering({ [contentApi.programmes()]: { programmes: [MUSIC] } });
    expect(await loadStation({ params: { emissora: 'cap' } })).toBeUndefined();
  });
});
