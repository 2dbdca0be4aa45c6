// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ad2 from '../public/ads/anunci-2.xml?raw';
import ad3 from '../public/ads/anunci-3.xml?raw';
import type { DataLayer } from '../src/measurement/data-layer-types';
import type { HlsPlayer } from '../src/player/hls-source';
import type { MesuraMediaApi } from '../src/player/media-api';
import type { PlayableMedia } from '../src/player/playable-media';
import { startPlayerSession, type PlayerState } from '../src/player/player-session';
import { AUTO_LEVEL } from '../src/player/quality';
import { FakeMedia, recordingTracking } from './helpers/fake-player';

const MEDIA: PlayableMedia = {
  id: 'informatiu-vod',
  kind: 'video',
  title: 'Mesura Informatiu',
  delivery: 'hls',
  src: '/media/vod/informatiu/master.m3u8',
  type: 'application/vnd.apple.mpegurl',
  lengthSeconds: 30,
  chapters: [],
  adBreaks: [
    { offsetSeconds: 12, vast: ['/ads/anunci-3.xml'] },
    { offsetSeconds: 0, vast: ['/ads/anunci-2.xml'] },
  ],
  subtitles: '/media/vod/informatiu/subtitols.vtt',
  programme: 'Mesura Notícies',
  programmeCode: 'MESURA-NOTICIES',
};
const VAST: Record<string, string> = { '/ads/anunci-2.xml': ad2, '/ads/anunci-3.xml': ad3 };

/** hls.js as the session uses it: its levels, the level set, and its events fired by the test. */
class FakeHls {
  levels = [
    { bitrate: 134_000, height: 360 },
    { bitrate: 47_000, height: 144 },
    { bitrate: 88_000, height: 240 },
  ];
  currentLevel = -1;
  listeners = new Map<string, (event: string, data: unknown) => void>();
  on(event: string, listener: (event: string, data: unknown) => void) {
    this.listeners.set(event, listener);
  }
  off() {}
  destroy() {}
  fire(event: string, data: unknown = {}) {
    this.listeners.get(event)?.(event, data);
  }
}

let content: FakeMedia;
let adElement: FakeMedia;
let hls: FakeHls;
let recorder: ReturnType<typeof recordingTracking>;
let states: PlayerState[];
let calls: unknown[][];
let layer: DataLayer | undefined;

const settle = () => vi.advanceTimersByTimeAsync(0);
const last = () => states.at(-1)!;

function start() {
  const api = { trackHlsPlayer: () => recorder.tracking, trackHtml5Player: () => recorder.tracking } as unknown as MesuraMediaApi;
  return startPlayerSession({
    item: MEDIA,
    content: content as unknown as HTMLMediaElement,
    adElement: adElement as unknown as HTMLMediaElement,
    api: Promise.resolve(api),
    onChange: (state) => states.push(state),
    fetchText: (url) => (VAST[url] ? Promise.resolve(VAST[url]) : Promise.reject(new Error('404'))),
    attachHls: () => Promise.resolve(hls as unknown as HlsPlayer),
    sendCall: (call, detail) => void calls.push([call, detail]),
    dataLayer: { get: () => layer, set: (next) => void (layer = next) },
    pageUrl: () => 'https://www.mesura.cat/video/informatiu-vod/',
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  content = new FakeMedia();
  adElement = new FakeMedia();
  hls = new FakeHls();
  recorder = recordingTracking();
  states = [];
  calls = [];
  layer = { page: { seccio: 'programes' }, user: {}, video: { titol: 'Mesura Informatiu', subtitolat: 'false' } };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the player session: midrolls', () => {
  it('plays the preroll as break 1, then holds the content for the midroll (break 2) when playing reaches 12 s', async () => {
    const session = start();
    await settle();
    const played = session.play();
    await settle();
    adElement.emit('ended');
    await played;
    expect(last().phase).toBe('content');

    content.emit('playing', { paused: false, currentTime: 0 });
    content.emit('timeupdate', { currentTime: 11.8 });
    expect(recorder.names().filter((name) => name === 'adBreakStart')).toHaveLength(1);
    content.emit('timeupdate', { currentTime: 12.1 });
    await settle();
    expect(last()).toMatchObject({ phase: 'ads', ad: { title: 'Anunci 3', number: 1, count: 1, skipOffsetSeconds: 1, clickThrough: '/programes/' } });
    expect(content.paused).toBe(true);
    const plays = content.plays;

    session.skipAd();
    await settle();
    expect(last()).toMatchObject({ phase: 'content', ad: undefined });
    expect(content.plays).toBe(plays + 1);
    expect(recorder.calls.filter(([name]) => name === 'adBreakStart')).toEqual([
      ['adBreakStart', { name: 'preroll', position: 1, startTime: 0 }],
      ['adBreakStart', { name: 'midroll', position: 2, startTime: 12 }],
    ]);
    expect(recorder.names().slice(-3)).toEqual(['adStart', 'adSkip', 'adBreakComplete']);

    // Played once: coming back across 12 s plays no second break.
    content.emit('seeking', { seeking: true, currentTime: 10 });
    content.emit('seeked', { seeking: false });
    content.emit('timeupdate', { paused: false, currentTime: 12.5 });
    await settle();
    expect(last().phase).toBe('content');
  });

  it('plays no midroll the visitor seeks over', async () => {
    const session = start();
    await settle();
    const played = session.play();
    await settle();
    adElement.emit('ended');
    await played;
    content.emit('playing', { paused: false, currentTime: 5 });
    content.emit('seeking', { seeking: true, currentTime: 20 });
    content.emit('timeupdate');
    content.emit('seeked', { seeking: false });
    content.emit('timeupdate', { currentTime: 20.3 });
    await settle();
    expect(last().phase).toBe('content');
    expect(recorder.names().filter((name) => name === 'adBreakStart')).toHaveLength(1);
  });
});

describe('the player session: quality and subtitles', () => {
  it('lists the renditions once hls.js has the manifest, and switches level at the visitor’s choice', async () => {
    const session = start();
    await settle();
    expect(last().quality).toMatchObject({ selected: AUTO_LEVEL, levels: [{ label: '144p' }, { label: '240p' }, { label: '360p' }] });
    hls.fire('hlsLevelSwitched', { level: 2 });
    expect(last().quality?.playing).toBe(2);
    session.setLevel(0);
    expect(hls.currentLevel).toBe(0);
    expect(last().quality?.selected).toBe(0);
    session.setLevel(9);
    expect(hls.currentLevel).toBe(0);
    session.setLevel(AUTO_LEVEL);
    expect(hls.currentLevel).toBe(AUTO_LEVEL);
  });

  it('turns the subtitles on and off: scSubtitols with the player’s link variables, and video.subtitolat for what follows', async () => {
    const session = start();
    await settle();
    expect(last().subtitles).toBe(false);
    session.setSubtitles(true);
    expect(last().subtitles).toBe(true);
    expect(layer?.video?.subtitolat).toBe('true');
    expect(calls).toEqual([
      [
        'scSubtitols',
        {
          linkText: 'Activa els subtítols',
          url: 'https://www.mesura.cat/video/informatiu-vod/',
          programa: 'MESURA-NOTICIES',
          identificadorClic: 'player-scSubtitols',
          titolContingut: 'Mesura Informatiu',
          formatContingut: 'video',
          idDeliverty: 'informatiu-vod',
          tipusEmisio: 'a la carta',
          tipusContingut: 'video',
          seccio: 'programes',
        },
      ],
    ]);
    session.setSubtitles(true);
    expect(calls).toHaveLength(1);
    session.setSubtitles(false);
    expect(layer?.video?.subtitolat).toBe('false');
    expect(calls[1]).toMatchObject(['scSubtitols', { linkText: 'Desactiva els subtítols' }]);
  });
});
