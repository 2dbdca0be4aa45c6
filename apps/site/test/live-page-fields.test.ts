/**
 * The live pages' data layer (§3) and the detail of their direct calls (§7): every field that
 * applies, from the channel or station and the broadcast on air.
 */
import type { Broadcast, Channel, Programme, Station } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { channelPageFields, dvrCallDetail, liveVideoData, popOutCallDetail, programmeOf, stationPageFields } from '../src/live/live-page-fields';

const CHANNEL: Channel = { slug: 'mesura-tv', name: 'Mesura TV', liveSrc: '/live/mesura-tv/index.m3u8', dvrWindowSeconds: 600 };
const STATION: Station = { slug: 'mesura-radio', name: 'Mesura Ràdio', liveSrc: '/live/mesura-radio/index.m3u8', dvrWindowSeconds: 600 };
const PROGRAMME = { slug: 'el-mati', code: 'PRG-MATI', title: 'El matí', producer: 'Mesura Informatius' } as Programme;
const BROADCAST: Broadcast = {
  id: 'mesura-tv-2026-11-24T10:00',
  channel: 'mesura-tv',
  title: 'El matí',
  programme: 'el-mati',
  start: '2026-11-24T10:00:00+01:00',
  end: '2026-11-24T11:30:00+01:00',
  genre: 'magazin',
};
const ON_AIR = { broadcast: BROADCAST, programme: programmeOf(BROADCAST, [PROGRAMME]) };
const PAGE = 'http://localhost/directes/mesura-tv/';

describe('live page fields', () => {
  it('fills the channel page with the channel, emission type live and the programme on air', () => {
    expect(channelPageFields(CHANNEL, ON_AIR)).toEqual({
      seccio: 'directes',
      subseccio: 'mesura-tv',
      canal: 'mesura-tv',
      pageType: 'directe',
      pageName: 'directes:mesura-tv',
      contingutMultimedia: 'video',
      tipusEmisio: 'directe',
      titolContingut: 'El matí',
      idDeliverty: BROADCAST.id,
      nomPrograma: 'El matí',
      programaWeb: 'PRG-MATI',
      productorContingut: 'Mesura Informatius',
      tematica: 'magazin',
      dataEmissio: '2026-11-24',
    });
  });

  it('tells the radio page from its pop-out window', () => {
    expect(stationPageFields(STATION, ON_AIR)).toMatchObject({ seccio: 'radio', pageType: 'radio', pageName: 'radio:mesura-radio', canal: 'mesura-radio', contingutMultimedia: 'audio' });
    expect(stationPageFields(STATION, ON_AIR, true)).toMatchObject({ pageType: 'radio-finestra', pageName: 'radio:mesura-radio:finestra' });
  });

  it('gives the media session the broadcast as a live stream (§3 stream type live)', () => {
    expect(liveVideoData(CHANNEL, 'video', ON_AIR, PAGE)).toEqual({
      titol: 'El matí',
      idSessioVideo: BROADCAST.id,
      durada: '5400',
      tipusContingut: 'video',
      tipusContingutHeartbeat: 'live',
      codiPrograma: 'PRG-MATI',
      seccio: 'directes',
      canalAcces: 'web',
      tecnologia: 'hls',
      urlVideo: 'http://localhost/live/mesura-tv/index.m3u8',
      formatContingut: 'directe',
      subtitolat: 'false',
      tematica: 'magazin',
    });
  });
});

describe('live direct calls (§7)', () => {
  it('scDVR names the control and carries the live context', () => {
    expect(dvrCallDetail('inici-programa', CHANNEL, ON_AIR, PAGE)).toEqual({
      linkText: "Torna a l'inici del programa",
      identificadorClic: 'dvr-inici-programa',
      url: PAGE,
      programa: 'PRG-MATI',
      titolContingut: 'El matí',
      idDeliverty: BROADCAST.id,
      tematica: 'magazin',
      tipusEmisio: 'directe',
      canal: 'mesura-tv',
      seccio: 'directes',
      subseccio: 'mesura-tv',
      formatContingut: 'video',
      tipusContingut: 'video',
    });
  });

  it('scFinestraNova carries the pop-out window address', () => {
    const popOut = 'http://localhost/radio/finestra/mesura-radio/';
    expect(popOutCallDetail(STATION, ON_AIR, 'http://localhost/radio/mesura-radio/', popOut)).toMatchObject({
      linkText: 'Escolta en una finestra nova',
      linkUrl: popOut,
      identificadorClic: 'radio-finestra-nova',
      canal: 'mesura-radio',
      tipusEmisio: 'directe',
      seccio: 'radio',
      formatContingut: 'audio',
    });
  });
});
