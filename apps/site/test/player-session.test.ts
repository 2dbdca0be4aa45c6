// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ad1 from '../public/ads/anunci-1.xml?raw';
import ad2 from '../public/ads/anunci-2.xml?raw';
import type { MesuraMediaApi } from '../src/player/media-api';
import type { HlsPlayer } from '../src/player/hls-source';
import { HLS_PLAYER_NAME, PLAYER_NAME, startPlayerSession, type PlayerState } from '../src/player/player-session';
import { FakeMedia, recordingTracking } from './helpers/fake-player';
import { seededMedia } from './helpers/seeded-media';

const CLIP = seededMedia('clip-de-prova');
const VAST: Record<string, string> = { '/ads/anunci-1.xml': ad1, '/ads/anunci-2.xml': ad2 };

let content: FakeMedia;
let adElement: FakeMedia;
let recorder: ReturnType<typeof recordingTracking>;
let states: PlayerState[];
let trackHtml5Player: ReturnType<typeof vi.fn>;
let trackHlsPlayer: ReturnType<typeof vi.fn>;
let api: MesuraMediaApi;

function start(apiPromise: Promise<MesuraMediaApi> = Promise.resolve(api)) {
  return startPlayerSession({
    item: CLIP,
    content: content as unknown as HTMLMediaElement,
    adElement: adElement as unknown as HTMLMediaElement,
    api: apiPromise,
    onChange: (state) => states.push(state),
    fetchText: (url) => (VAST[url] ? Promise.resolve(VAST[url]) : Promise.reject(new Error('404'))),
  });
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  content = new FakeMedia();
  adElement = new FakeMedia();
  recorder = recordingTracking();
  states = [];
  trackHtml5Player = vi.fn(() => recorder.tracking);
  trackHlsPlayer = vi.fn(() => recorder.tracking);
  api = { trackHtml5Player, trackHlsPlayer } as unknown as MesuraMediaApi;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('startPlayerSession', () => {
  it('has the media tracker follow the content once the media API is there', async () => {
    start();
    await settle();
    expect(trackHtml5Player).toHaveBeenCalledWith(content, { playerName: PLAYER_NAME, channel: 'mesura.cat', playerType: 'html5', appVersion: 'mesura-player 1.0.0' });
    expect(states.at(-1)).toEqual({ phase: 'ready', tracked: true });
  });

  it('plays the preroll from the VAST files, then the content; the ads are reported to the tracking', async () => {
    const session = start();
    await settle();
    const played = session.play();
    await settle();
    expect(states.at(-1)).toMatchObject({ phase: 'ads', ad: { title: 'Anunci 1', number: 1, count: 2 } });
    adElement.emit('ended');
    await settle();
    expect(states.at(-1)).toMatchObject({ ad: { title: 'Anunci 2', number: 2, count: 2 } });
    adElement.emit('ended');
    await played;
    expect(recorder.names()).toEqual(['adBreakStart', 'adStart', 'adComplete', 'adStart', 'adComplete', 'adBreakComplete']);
    expect(content.plays).toBe(1);
    expect(states.at(-1)).toMatchObject({ phase: 'content', ad: undefined });
  });

  it('reports the break and the ad playing to a tracker that comes during the preroll, and the rest as they happen', async () => {
    let arrive: (value: MesuraMediaApi) => void = () => {};
    const session = start(new Promise<MesuraMediaApi>((resolve) => (arrive = resolve)));
    const played = session.play();
    await settle();
    expect(states.at(-1)).toMatchObject({ phase: 'ads', tracked: false, ad: { title: 'Anunci 1', number: 1 } });
    arrive(api);
    await settle();
    expect(recorder.calls.map(([name, info]) => [name, (info as { name?: string } | undefined)?.name])).toEqual([
      ['adBreakStart', 'preroll'],
      ['adStart', 'Anunci 1'],
    ]);
    adElement.emit('ended');
    await settle();
    adElement.emit('ended');
    await played;
    expect(recorder.names()).toEqual(['adBreakStart', 'adStart', 'adComplete', 'adStart', 'adComplete', 'adBreakComplete']);
  });

  it('reports nothing of a break that ended before the tracker came', async () => {
    let arrive: (value: MesuraMediaApi) => void = () => {};
    const session = start(new Promise<MesuraMediaApi>((resolve) => (arrive = resolve)));
    const played = session.play();
    await settle();
    adElement.emit('ended');
    await settle();
    adElement.emit('ended');
    await played;
    arrive(api);
    await settle();
    expect(recorder.names()).toEqual([]);
  });

  it('follows the chapters: opened at the first frame, completed playing on, skipped by a seek, completed at the end', async () => {
    start();
    await settle();
    content.emit('playing', { paused: false, currentTime: 0 });
    content.emit('timeupdate', { currentTime: 3 });
    content.emit('pause', { paused: true });
    content.emit('seeking', { seeking: true, currentTime: 7 });
    content.emit('timeupdate');
    content.emit('seeked', { seeking: false });
    content.emit('playing', { paused: false });
    content.emit('timeupdate', { currentTime: 12.008, paused: true, ended: true });
    content.emit('ended');
    expect(recorder.calls).toEqual([
      ['chapterStart', { name: 'Titulars', position: 1, length: 6, startTime: 0 }],
      ['chapterSkip'],
      ['chapterStart', { name: 'El temps', position: 2, length: 6, startTime: 6 }],
      ['chapterComplete'],
    ]);
  });

  it('plays untracked while the media API does not come (no consent), and stops following on destroy', async () => {
    const session = start(new Promise(() => {}));
    content.emit('playing', { paused: false, currentTime: 0 });
    session.destroy();
    expect(recorder.calls).toEqual([]);
    const tracked = start();
    await settle();
    tracked.destroy();
    content.emit('playing', { paused: false, currentTime: 0 });
    expect(recorder.names()).toEqual(['destroy']);
  });

  it('plays an HLS item through hls.js, which the tracker then follows, and lets hls.js go on destroy', async () => {
    const hls = { destroy: vi.fn(), levels: [], currentLevel: -1, on: vi.fn(), off: vi.fn() } as unknown as HlsPlayer;
    const attachHls = vi.fn(() => Promise.resolve(hls));
    const item = seededMedia('clip-hls');
    const session = startPlayerSession({ item, content: content as unknown as HTMLMediaElement, api: Promise.resolve(api), onChange: () => {}, attachHls });
    await settle();
    expect(attachHls).toHaveBeenCalledWith(item.src, content);
    expect(trackHlsPlayer).toHaveBeenCalledWith(hls, { playerName: HLS_PLAYER_NAME, channel: 'mesura.cat', playerType: 'html5', appVersion: 'mesura-player 1.0.0', media: content });
    expect(trackHtml5Player).not.toHaveBeenCalled();
    session.destroy();
    await settle();
    expect(hls.destroy).toHaveBeenCalled();
  });
});
