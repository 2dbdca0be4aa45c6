// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_REFERENCE_NULL } from '../../src/errors.js';
import { PLAYHEAD_POLL_INTERVAL_MS, TRACKER_DESTROY_DELAY_MS } from '../../src/constants.js';
import { trackHtml5Player, type PlayerTracking } from '../../src/players/index.js';
import { FakeMediaElement, recordingTracker } from '../helpers/fake-player.js';
import { MIN_MEASURED_STARTUP_MS } from '../../src/players/playback-driver.js';

const DATA_LAYER = {
  page: { seccio: 'videos' },
  video: { titol: 'Telenotícies migdia', idSessioVideo: 'tn-1', durada: 12, tipusContingutHeartbeat: 'vod', codiPrograma: 'TN' },
};

let element: FakeMediaElement;
let recorder: ReturnType<typeof recordingTracker>;
let tracking: PlayerTracking;

function follow(target = element, dataLayer: unknown = DATA_LAYER): PlayerTracking {
  return trackHtml5Player(target, { createTracker: recorder.createTracker, dataLayer: () => dataLayer });
}

/** A loaded element that has begun to play, with the calls so far forgotten. */
function playingFrom(seconds: number): void {
  element.loaded(12);
  element.emit('play', { paused: false, currentTime: seconds });
  element.emit('playing');
  recorder.clear();
}

beforeEach(() => {
  vi.useFakeTimers();
  element = new FakeMediaElement();
  recorder = recordingTracker();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('trackHtml5Player: a missing player (§5)', () => {
  it.each([null, undefined])("throws 'Illegal argument. Player reference cannot be null.' for %s", (missing) => {
    expect(() => trackHtml5Player(missing, { createTracker: recorder.createTracker })).toThrow(new Error(PLAYER_REFERENCE_NULL));
    expect(recorder.calls).toEqual([]);
  });
});

describe('trackHtml5Player: player events drive the tracker (§4)', () => {
  beforeEach(() => {
    tracking = follow();
  });

  it('starts the session when the media loads, with the media of the video group', () => {
    element.loaded(12.4);
    expect(recorder.names()).toEqual(['trackSessionStart']);
    const [, media, contextData] = recorder.calls[0]!;
    expect(media).toMatchObject({ name: 'Telenotícies migdia', id: 'tn-1', length: 12, streamType: 'vod', mediaType: 'video' });
    expect(contextData).toMatchObject({ eVar50: 'Telenotícies migdia', eVar51: 'tn-1', eVar68: 'TN' });
  });

  it('maps play, pause and seeking/seeked one to one; waiting and playing call nothing (RULES 23)', () => {
    element.loaded(12);
    element.emit('play', { paused: false });
    element.emit('playing');
    element.emit('waiting');
    element.emit('playing');
    element.emit('pause', { paused: true });
    element.emit('seeking');
    element.emit('seeked', { currentTime: 7 });
    element.emit('play', { paused: false });
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackPlay', 'trackPause', 'trackEvent:SeekStart', 'trackEvent:SeekComplete', 'trackPlay']);
  });

  it('tells no buffer for waiting, so a pause or a seek while the element waits goes straight through (RULES 23)', () => {
    playingFrom(3);
    element.emit('waiting');
    element.emit('seeking');
    element.emit('waiting');
    element.emit('seeked');
    element.emit('waiting');
    element.emit('pause', { paused: true });
    expect(recorder.names()).toEqual(['trackEvent:SeekStart', 'trackEvent:SeekComplete', 'trackPause']);
  });

  it('sends complete, then ends the session, at the end; the pause the end brings is not a pause (§4)', () => {
    playingFrom(11);
    element.emit('pause', { paused: true, ended: true, currentTime: 12 });
    element.emit('ended');
    expect(recorder.names()).toEqual(['trackComplete', 'trackSessionEnd']);
  });

  it('starts a new session, with its play, when the media is played again after its end', () => {
    playingFrom(11);
    element.emit('pause', { paused: true, ended: true, currentTime: 12 });
    element.emit('ended');
    // play() on an ended element seeks to the start, then plays.
    element.emit('seeking', { ended: false, currentTime: 0 });
    element.emit('play', { paused: false });
    element.emit('seeked');
    expect(recorder.names()).toEqual(['trackComplete', 'trackSessionEnd', 'trackSessionStart', 'trackPlay']);
  });

  it('starts one session when the play comes between the metadata and its loadedmetadata event', () => {
    // The element sets readyState at once but fires loadedmetadata from a task that runs later.
    element.readyState = 1;
    element.emit('play', { paused: false });
    element.loaded(12);
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackPlay']);
  });

  it('tracks an element error by its MediaError code; one before the metadata still opens a session', () => {
    element.error = { code: 4 } as MediaError;
    element.emit('error');
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackError']);
    expect(recorder.calls[1]).toEqual(['trackError', 'MEDIA_ERR_SRC_NOT_SUPPORTED']);
  });

  it('ends the session when the source is replaced (emptied), and starts the next at its metadata', () => {
    element.loaded(12);
    element.emit('emptied', { readyState: 0 });
    element.loaded(30);
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackSessionEnd', 'trackSessionStart']);
  });
});

describe("trackHtml5Player: stalls are the tracker's (RULES 23)", () => {
  beforeEach(() => {
    tracking = follow();
  });

  it('arms no timer of its own: a still playhead while playing calls nothing, the delegate reads the element', () => {
    playingFrom(2);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5 * PLAYHEAD_POLL_INTERVAL_MS);
    expect(recorder.calls).toEqual([]);
    element.currentTime = 2.5;
    expect(recorder.delegate().getCurrentPlaybackTime()).toBe(2.5);
  });
});

describe('trackHtml5Player: quality of service', () => {
  it('gives the startup time (play to first frame, in seconds) and the dropped frames to the delegate', () => {
    follow();
    element.loaded(12);
    element.emit('play', { paused: false });
    vi.advanceTimersByTime(1500);
    element.droppedVideoFrames = 3;
    element.emit('playing');
    expect(recorder.delegate().getQoSObject()).toEqual({ bitrate: 0, startupTime: 1.5, fps: 0, droppedFrames: 3 });
    element.currentTime = 4.2;
    expect(recorder.delegate().getCurrentPlaybackTime()).toBe(4.2);
  });

  it('gives a start within the same millisecond as 1 ms, apart from the 0 of a startup not measured yet', () => {
    follow();
    element.loaded(12);
    expect(recorder.delegate().getQoSObject()?.startupTime).toBe(0);
    element.emit('play', { paused: false });
    element.emit('playing');
    expect(recorder.delegate().getQoSObject()?.startupTime).toBe(MIN_MEASURED_STARTUP_MS / 1000);
  });
});

describe('trackHtml5Player: a break the page begins before the media has loaded', () => {
  it('tells the tracker of the break and its ad playing once the session starts, then the rest as it comes', () => {
    tracking = follow();
    tracking.adBreakStart({ name: 'preroll', position: 1, startTime: 0 });
    tracking.adStart({ name: 'Anunci 2', id: 'ad-2', position: 1, length: 2 });
    recorder.clear();
    element.loaded(12);
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackEvent:AdBreakStart', 'trackEvent:AdStart']);
    expect(recorder.calls[2]).toEqual(['trackEvent', 'AdStart', { name: 'Anunci 2', adId: 'ad-2', position: 1, length: 2 }, undefined]);
    tracking.adComplete();
    tracking.adBreakComplete();
    expect(recorder.names().slice(3)).toEqual(['trackEvent:AdComplete', 'trackEvent:AdBreakComplete']);
  });

  it('tells the break alone when its ad ended first, and nothing of a break that ended before the session', () => {
    tracking = follow();
    tracking.adBreakStart({ name: 'preroll', position: 1, startTime: 0 });
    tracking.adStart({ name: 'Anunci 1', id: 'ad-1', position: 1, length: 2 });
    tracking.adComplete();
    recorder.clear();
    element.loaded(12);
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackEvent:AdBreakStart']);

    const other = new FakeMediaElement();
    const otherTracking = follow(other);
    otherTracking.adBreakStart({ name: 'preroll', position: 1, startTime: 0 });
    otherTracking.adBreakComplete();
    recorder.clear();
    other.loaded(12);
    expect(recorder.names()).toEqual(['trackSessionStart']);
  });
});

describe('trackHtml5Player: ads and chapters the page reports', () => {
  it('passes ad breaks, ads and chapters to the tracker as §3 objects, in the order given', () => {
    tracking = follow();
    element.loaded(12);
    tracking.adBreakStart({ name: 'preroll', position: 1, startTime: 0 });
    tracking.adStart({ name: 'Anunci 1', id: 'ad-1', position: 1, length: 3.6, metadata: { 'a.media.ad.advertiser': 'Mesura' } });
    tracking.adComplete();
    tracking.adStart({ name: 'Anunci 2', id: 'ad-2', position: 2, length: 2 });
    tracking.adSkip();
    tracking.adBreakComplete();
    tracking.chapterStart({ name: 'Titulars', position: 1, length: 6, startTime: 0 });
    tracking.chapterComplete();
    tracking.chapterStart({ name: 'Esports', position: 2, length: 6, startTime: 6 });
    tracking.chapterSkip();
    expect(recorder.calls.slice(1)).toEqual([
      ['trackEvent', 'AdBreakStart', { name: 'preroll', position: 1, startTime: 0 }],
      ['trackEvent', 'AdStart', { name: 'Anunci 1', adId: 'ad-1', position: 1, length: 3 }, { 'a.media.ad.advertiser': 'Mesura' }],
      ['trackEvent', 'AdComplete'],
      ['trackEvent', 'AdStart', { name: 'Anunci 2', adId: 'ad-2', position: 2, length: 2 }, undefined],
      ['trackEvent', 'AdSkip'],
      ['trackEvent', 'AdBreakComplete'],
      ['trackEvent', 'ChapterStart', { name: 'Titulars', position: 1, length: 6, startTime: 0 }, undefined],
      ['trackEvent', 'ChapterComplete'],
      ['trackEvent', 'ChapterStart', { name: 'Esports', position: 2, length: 6, startTime: 6 }, undefined],
      ['trackEvent', 'ChapterSkip'],
    ]);
  });
});

describe('trackHtml5Player: one player, one tracker (§4)', () => {
  it('ignores events from another player instance and events bubbling up from inside the element', () => {
    const video = document.createElement('video');
    const source = document.createElement('source');
    video.append(source);
    const other = document.createElement('video');
    follow(video as unknown as FakeMediaElement);
    const otherRecorder = recordingTracker();
    trackHtml5Player(other, { createTracker: otherRecorder.createTracker, dataLayer: () => DATA_LAYER });
    source.dispatchEvent(new Event('play', { bubbles: true }));
    other.dispatchEvent(new Event('loadedmetadata'));
    expect(recorder.calls).toEqual([]);
    expect(otherRecorder.names()).toEqual(['trackSessionStart']);
  });

  it('starts at once on a player that already has its media and plays (the bootstrap came late)', () => {
    Object.assign(element, { readyState: 4, duration: 12, paused: false, currentTime: 3 });
    follow();
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackPlay']);
    // The events of that load and play, still queued when the adapter attached, repeat nothing.
    element.emit('loadedmetadata');
    element.emit('play');
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackPlay']);
  });

  it('starts one session when attached between the metadata and its loadedmetadata event', () => {
    // The element sets readyState at once but fires loadedmetadata from a task that runs later.
    Object.assign(element, { readyState: 1, duration: 12 });
    follow();
    element.loaded(12);
    expect(recorder.names()).toEqual(['trackSessionStart']);
    element.emit('emptied', { readyState: 0 });
    element.loaded(30);
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackSessionEnd', 'trackSessionStart']);
  });

  it('destroy() ends the open session, stops listening, and destroys the tracker once the end has left', () => {
    tracking = follow();
    playingFrom(5);
    tracking.destroy();
    element.emit('pause', { paused: true });
    expect(recorder.names()).toEqual(['trackSessionEnd']);
    vi.advanceTimersByTime(TRACKER_DESTROY_DELAY_MS);
    expect(recorder.names()).toEqual(['trackSessionEnd', 'destroy']);
  });
});
