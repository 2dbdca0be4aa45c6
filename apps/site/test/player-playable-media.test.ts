import type { Episode } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { fromEpisode } from '../src/player/playable-media';
import { seededMedia } from './helpers/seeded-media';

describe('PlayableMedia', () => {
  it('maps the seeded test clip: its two preroll ads are the break at 0 s, and it has no subtitles', () => {
    const clip = seededMedia('clip-de-prova');
    expect(clip).toMatchObject({ id: 'clip-de-prova', kind: 'video', delivery: 'file', lengthSeconds: 12, programmeCode: 'MESURA-NOTICIES' });
    expect(clip.adBreaks).toEqual([{ offsetSeconds: 0, vast: ['/ads/anunci-1.xml', '/ads/anunci-2.xml'] }]);
    expect(clip).not.toHaveProperty('subtitles');
    expect(seededMedia('clip-hls').adBreaks).toEqual([]);
  });

  it('maps an episode with the programme’s title and code', () => {
    const episode = {
      id: 'e1',
      kind: 'video',
      title: 'Capítol 1',
      delivery: 'hls',
      src: '/media/vod/reportatge/master.m3u8',
      type: 'application/vnd.apple.mpegurl',
      lengthSeconds: 30,
      chapters: [{ name: 'Inici', startTime: 0, length: 30 }],
      adBreaks: [{ offsetSeconds: 15, vast: ['/ads/anunci-2.xml'] }],
      subtitles: '/media/vod/reportatge/subtitols.vtt',
      image: { id: 'img-21', alt: 'Un plató' },
    } as Episode;
    expect(fromEpisode(episode, { title: 'Reportatges', code: 'REPORTATGES' })).toEqual({
      id: 'e1',
      kind: 'video',
      title: 'Capítol 1',
      delivery: 'hls',
      src: '/media/vod/reportatge/master.m3u8',
      type: 'application/vnd.apple.mpegurl',
      lengthSeconds: 30,
      chapters: episode.chapters,
      adBreaks: episode.adBreaks,
      subtitles: '/media/vod/reportatge/subtitols.vtt',
      // A video's poster is its image, so the page's largest paint does not wait for the stream.
      poster: '/imatges/img-21-640.jpg',
      programme: 'Reportatges',
      programmeCode: 'REPORTATGES',
    });
  });
});
