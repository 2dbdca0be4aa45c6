import { describe, expect, it } from 'vitest';
import { NOT_INFORMED, NOT_INFORMED_OTHER } from '@mesura/datalayer';
import { VIDEO_VARIABLES, sessionMediaFromDataLayer } from '../../src/players/index.js';

const VIDEO = { mediaType: 'video', duration: 12.7, source: 'https://mesura.cat/media/clip.webm' } as const;

describe('sessionMediaFromDataLayer: the video group as the session media (§3)', () => {
  it('takes name, id, length, stream type and standard metadata from the group, the media type from the player', () => {
    const { media } = sessionMediaFromDataLayer(
      { video: { titol: 'El temps', idSessioVideo: 'temps-1', durada: '95.8', tipusContingutHeartbeat: 'vod', codiPrograma: 'ETEMPS', temporada: 3, capitol: 12, tematica: 'meteo' } },
      VIDEO,
    );
    expect(media).toEqual({
      name: 'El temps',
      id: 'temps-1',
      length: 95,
      streamType: 'vod',
      mediaType: 'video',
      standardMetadata: { 'a.media.show': 'ETEMPS', 'a.media.season': '3', 'a.media.episode': '12', 'a.media.genre': 'meteo' },
    });
  });

  it('carries every field of the group as its numbered variable, with the §5 defaults for the missing ones', () => {
    const { contextData } = sessionMediaFromDataLayer({ video: { titol: 'El temps', seccio: 'el-temps' } }, VIDEO);
    expect(Object.keys(contextData)).toEqual(Object.values(VIDEO_VARIABLES));
    expect(contextData).toMatchObject({ eVar50: 'El temps', eVar72: 'el-temps', eVar68: NOT_INFORMED, eVar53: NOT_INFORMED_OTHER });
  });

  it('falls back to the player where the page gives no video group: its address, its duration, vod', () => {
    expect(sessionMediaFromDataLayer({ page: {} }, VIDEO)).toEqual({
      media: { name: VIDEO.source, id: VIDEO.source, length: 12, streamType: 'vod', mediaType: 'video', standardMetadata: {} },
      contextData: {},
    });
  });

  it.each([
    ['an audio player', { mediaType: 'audio', duration: 30, source: 'a.ogg' }, 'aod'],
    ['a live stream', { mediaType: 'video', duration: Number.POSITIVE_INFINITY, source: 'live.m3u8' }, 'live'],
  ] as const)('chooses the stream type of %s when the group names none of §3', (_name, player, streamType) => {
    expect(sessionMediaFromDataLayer({ video: { tipusContingutHeartbeat: 'other' } }, player).media.streamType).toBe(streamType);
  });
});
