import type { Episode, Place, Programme } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import {
  episodeFields,
  episodeStreamType,
  episodeVideoData,
  programmeFields,
  programmesIndexFields,
  searchFields,
  seasonFields,
  weatherFields,
  weatherPlaceFields,
} from '../src/measurement/programme-page-fields';

const PROGRAMME: Programme = {
  slug: 'el-mati',
  code: 'EL-MATI',
  title: 'El matí',
  summary: 'El magazín del matí.',
  kind: 'audio',
  genre: 'magazin',
  channel: 'mesura-radio',
  producer: 'Mesura Ràdio',
  image: { id: 'img-01', alt: 'Un micròfon' },
  seasons: [{ number: 2, title: 'Temporada 2', year: 2026, episodes: ['el-mati-2-1'] }],
};

const EPISODE: Episode = {
  id: 'el-mati-2-1',
  kind: 'audio',
  programme: 'el-mati',
  season: 2,
  number: 1,
  title: 'El matí: primer capítol',
  summary: 'Tertúlia.',
  delivery: 'file',
  src: '/media/el-mati.webm',
  type: 'audio/webm',
  lengthSeconds: 95,
  publishedAt: '2026-11-20T09:00:00+01:00',
  broadcastDate: '2026-11-19',
  image: { id: 'img-02', alt: 'Un estudi' },
  chapters: [],
  adBreaks: [],
  download: { path: '/media/el-mati.webm', type: 'audio/webm', bytes: 1000 },
  themes: ['politica', 'societat'],
};

describe('the programme pages’ data layer', () => {
  it('names the index, the programme and the season with the programme’s §3 fields', () => {
    expect(programmesIndexFields()).toEqual({ seccio: 'programes', pageType: 'programes', pageName: 'mesura:programes' });
    expect(programmeFields(PROGRAMME)).toEqual({
      seccio: 'programes',
      subseccio: 'el-mati',
      pageType: 'programa',
      pageName: 'programes:el-mati',
      titolContingut: 'El matí',
      programaWeb: 'EL-MATI',
      nomPrograma: 'El matí',
      canal: 'mesura-radio',
      productorContingut: 'Mesura Ràdio',
      tematica: 'magazin',
      contingutMultimedia: 'audio',
      tipusEmisio: 'a la carta',
    });
    expect(seasonFields(PROGRAMME, PROGRAMME.seasons[0]!)).toMatchObject({
      subseccio: 'el-mati',
      subseccioNivell1: 'temporada-2',
      pageType: 'temporada',
      pageName: 'programes:el-mati:temporada-2',
      programaWeb: 'EL-MATI',
    });
  });

  it('gives an episode its content, broadcast date, topic areas without spaces and related items', () => {
    expect(episodeFields(EPISODE, PROGRAMME, ['el-mati-2-2', 'el-mati-2-3'])).toMatchObject({
      pageType: 'audio',
      pageName: 'programes:el-mati:el-mati-2-1',
      idDeliverty: 'el-mati-2-1',
      titolContingut: 'El matí: primer capítol',
      contingutMultimedia: 'audio',
      areaTematica: 'politica,societat',
      dataPublicacio: '2026-11-20T09:00:00+01:00',
      dataEmissio: '2026-11-19',
      tipusEmisio: 'a la carta',
      nomPrograma: 'El matí',
      itemsRelacionats: 'el-mati-2-2,el-mati-2-3',
    });
    expect(episodeFields(EPISODE, PROGRAMME)).not.toHaveProperty('itemsRelacionats');
  });

  it('fills the video group the tracker reads: stream type by kind and download, season and episode numbers', () => {
    expect(episodeVideoData(EPISODE, PROGRAMME, 'https://mesura.cat/audio/el-mati-2-1/')).toEqual({
      titol: 'El matí: primer capítol',
      idSessioVideo: 'el-mati-2-1',
      durada: '95',
      tipusContingut: 'audio',
      tipusContingutHeartbeat: 'podcast',
      codiPrograma: 'EL-MATI',
      seccio: 'videos',
      canalAcces: 'web',
      tecnologia: 'html5',
      urlVideo: 'https://mesura.cat/media/el-mati.webm',
      formatContingut: 'clip',
      subtitolat: 'false',
      temporada: '2',
      capitol: '1',
      tematica: 'magazin',
    });
    const { download: _, ...onDemand } = EPISODE;
    expect(episodeStreamType(onDemand)).toBe('aod');
    expect(episodeStreamType({ ...EPISODE, kind: 'video' })).toBe('vod');
    const hls = episodeVideoData({ ...EPISODE, kind: 'video', delivery: 'hls', subtitles: '/s.vtt' }, PROGRAMME, 'https://mesura.cat/');
    expect(hls).toMatchObject({ tecnologia: 'hls', subtitolat: 'true', tipusContingutHeartbeat: 'vod' });
  });

  it('counts a search only when one ran, and names its filter', () => {
    expect(searchFields('llei', 12)).toEqual({ seccio: 'cercador', pageType: 'cercador', pageName: 'mesura:cercador', paraulesCerca: 'llei', resultatsCerca: '12' });
    expect(searchFields('llei', 0, 'episodis')).toMatchObject({ subseccio: 'episodis', resultatsCerca: '0' });
    expect(searchFields('', 0)).not.toHaveProperty('paraulesCerca');
  });

  it('names the weather front and each place', () => {
    const place: Place = { slug: 'girona', name: 'Girona', region: 'Gironès', latitude: 41.9794, longitude: 2.8214 };
    expect(weatherFields()).toEqual({ seccio: 'el-temps', pageType: 'temps', pageName: 'mesura:el-temps' });
    expect(weatherPlaceFields(place)).toEqual({
      seccio: 'el-temps',
      subseccio: 'girona',
      pageType: 'temps',
      pageName: 'el-temps:girona',
      titolContingut: 'El temps a Girona',
    });
  });
});
