// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_REFERENCE_NULL } from '../../src/errors.js';
import { HLS_ERROR, HLS_LEVEL_SWITCHED, trackHlsPlayer } from '../../src/players/index.js';
import { FakeHls, FakeMediaElement, recordingTracker } from '../helpers/fake-player.js';

let element: FakeMediaElement;
let hls: FakeHls;
let recorder: ReturnType<typeof recordingTracker>;

beforeEach(() => {
  vi.useFakeTimers();
  element = new FakeMediaElement();
  hls = new FakeHls(element);
  recorder = recordingTracker();
});

afterEach(() => {
  vi.useRealTimers();
});

const follow = () => trackHlsPlayer(hls, { createTracker: recorder.createTracker, dataLayer: () => ({ video: { titol: 'Directe', idSessioVideo: 'live-1' } }) });

describe('trackHlsPlayer', () => {
  it("throws 'Illegal argument. Player reference cannot be null.' without an Hls instance, or one with no media attached (§5)", () => {
    expect(() => trackHlsPlayer(null, { createTracker: recorder.createTracker })).toThrow(new Error(PLAYER_REFERENCE_NULL));
    expect(() => trackHlsPlayer(new FakeHls(null), { createTracker: recorder.createTracker })).toThrow(new Error(PLAYER_REFERENCE_NULL));
  });

  it('follows the element hls.js plays into: its metadata starts the session, a live one as live', () => {
    follow();
    element.loaded(Number.POSITIVE_INFINITY);
    element.emit('play', { paused: false });
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackPlay']);
    expect(recorder.calls[0]![1]).toMatchObject({ name: 'Directe', id: 'live-1', length: 0, streamType: 'live' });
  });

  it("reports a level switch as a bitrate change with the level's bitrate and frame rate", () => {
    follow();
    element.loaded(60);
    hls.emit(HLS_LEVEL_SWITCHED, { level: 1 });
    expect(recorder.calls.at(-1)).toEqual(['trackEvent', 'BitrateChange', { bitrate: 1_200_000, startupTime: 0, fps: 50, droppedFrames: 0 }]);
    expect(recorder.delegate().getQoSObject()).toMatchObject({ bitrate: 1_200_000, fps: 50 });
  });

  it('tracks fatal errors by their details; hls.js recovers from the others by itself', () => {
    follow();
    element.loaded(60);
    hls.emit(HLS_ERROR, { fatal: false, details: 'fragLoadError' });
    hls.emit(HLS_ERROR, { fatal: true, details: 'manifestLoadError' });
    expect(recorder.calls.slice(1)).toEqual([['trackError', 'manifestLoadError']]);
  });

  it('ignores its events once the instance plays into another element (§4)', () => {
    follow();
    element.loaded(60);
    hls.media = new FakeMediaElement();
    hls.emit(HLS_LEVEL_SWITCHED, { level: 0 });
    hls.emit(HLS_ERROR, { fatal: true, details: 'bufferAppendError' });
    expect(recorder.names()).toEqual(['trackSessionStart']);
  });

  it('destroy() removes its hls.js listeners and ends the session', () => {
    const tracking = follow();
    element.loaded(60);
    tracking.destroy();
    expect(hls.listenerCount()).toBe(0);
    expect(recorder.names()).toEqual(['trackSessionStart', 'trackSessionEnd']);
  });
});
