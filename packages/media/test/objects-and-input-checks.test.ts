import { describe, expect, it } from 'vitest';
import {
  AdMetadataKeys,
  AudioMetadataKeys,
  MediaEvent,
  MediaType,
  StreamType,
  VideoMetadataKeys,
  createAdBreakObject,
  createAdObject,
  createChapterObject,
  createMediaObject,
  createQoSObject,
  createTimedMetadataObject,
} from '../src/index.js';
import * as messages from '../src/errors.js';
import { Harness, playing, video } from './helpers/harness.js';

describe('object factories (§3 "Playback tracking objects")', () => {
  it('makes a media object with its fields, the length floored', () => {
    expect(createMediaObject('News', 'n-1', 90.9, StreamType.LIVE, MediaType.Audio, { resumed: true })).toEqual({
      name: 'News',
      id: 'n-1',
      length: 90,
      streamType: 'live',
      mediaType: 'audio',
      resumed: true,
    });
  });

  it('floors positions and lengths of ad breaks, ads and chapters (§9)', () => {
    expect(createAdBreakObject('mid', 2.8, 30.2)).toEqual({ name: 'mid', position: 2, startTime: 30 });
    expect(createAdObject('Ad', 'ad-1', 1.9, 15.5)).toEqual({ name: 'Ad', adId: 'ad-1', position: 1, length: 15 });
    expect(createChapterObject('Part', 3.3, 60.7, 120.1)).toEqual({ name: 'Part', position: 3, length: 60, startTime: 120 });
  });

  it('makes QoS and timed metadata objects', () => {
    expect(createQoSObject(800_000, 1.5, 25, 3)).toEqual({ bitrate: 800_000, startupTime: 1.5, fps: 25, droppedFrames: 3 });
    expect(createTimedMetadataObject('id3:x')).toBe('id3:x');
  });

  it('names the six stream types and two media types of §3', () => {
    expect(Object.values(StreamType)).toEqual(['vod', 'live', 'linear', 'podcast', 'audiobook', 'aod']);
    expect(Object.values(MediaType)).toEqual(['video', 'audio']);
  });

  it('names the standard metadata keys of §3: 17 video, 6 audio, 6 ad', () => {
    expect(Object.keys(VideoMetadataKeys)).toHaveLength(17);
    expect(Object.keys(AudioMetadataKeys)).toHaveLength(6);
    expect(Object.keys(AdMetadataKeys)).toHaveLength(6);
    expect(VideoMetadataKeys.Show).toBe('a.media.show');
    expect(AudioMetadataKeys.Station).toBe('a.media.station');
    expect(AdMetadataKeys.CreativeUrl).toBe('a.media.ad.creativeURL');
  });
});

describe('§5 playback input checks', () => {
  it.each([
    ['an empty id', createMediaObject('x', '', 600, 'vod', 'video'), 'Invalid input data: media.id must be a non-empty string'],
    ['a NaN length', createMediaObject('x', 'v', Number.NaN, 'vod', 'video'), 'Invalid input data: media.length must be a number'],
    ['a text length', createMediaObject('x', 'v', '600' as never, 'vod', 'video'), 'Invalid input data: media.length must be a number'],
    ['an empty stream type', createMediaObject('x', 'v', 600, '', 'video'), 'Invalid input data: media.streamType must be a non-empty string'],
    ['an unknown media type', createMediaObject('x', 'v', 600, 'vod', 'film'), 'Invalid input data: media.mediaType must be one of video, audio'],
    ['null', null, 'Data cannot be null'],
  ])('refuses a media object with %s, sending nothing', async (_name, media, detail) => {
    const h = new Harness();
    h.tracker.trackSessionStart(media as never);
    await h.to(1_000);
    expect(h.messages()).toEqual([detail, messages.INVALID_MEDIA_OBJECT]);
    expect(h.sent).toEqual([]);
    expect(h.settingsUrls).toEqual([]);
  });

  it.each([
    ['ad break', MediaEvent.AdBreakStart, createAdBreakObject('', 1, 0), 'Invalid input data: adBreak.name must be a non-empty string', messages.INVALID_AD_BREAK_OBJECT],
    ['ad break', MediaEvent.AdBreakStart, createAdBreakObject('mid', Number.NaN, 0), 'Invalid input data: adBreak.position must be a number', messages.INVALID_AD_BREAK_OBJECT],
    ['chapter', MediaEvent.ChapterStart, createChapterObject('c', 1, Number.NaN, 0), 'Invalid input data: chapter.length must be a number', messages.INVALID_CHAPTER_OBJECT],
    ['chapter', MediaEvent.ChapterStart, undefined, 'Data cannot be null', messages.INVALID_CHAPTER_OBJECT],
    ['timed metadata', MediaEvent.TimedMetadataUpdate, '', 'Invalid input data: timedMetadata must be a non-empty string', messages.INVALID_TIMED_METADATA_OBJECT],
    ['QoS', MediaEvent.BitrateChange, { bitrate: 'fast' }, 'Invalid input data: qos.bitrate must be a number', messages.INVALID_QOS_OBJECT],
  ])('refuses an invalid %s object (§8)', async (_name, event, info, detail, refusal) => {
    const h = await playing();
    h.clear();
    h.tracker.trackEvent(event, info);
    expect(h.messages()).toEqual([detail, refusal]);
  });

  it.each([
    ['an empty ad id', createAdObject('a', '', 1, 15), 'Invalid input data: ad.adId must be a non-empty string'],
    ['a NaN ad position', createAdObject('a', 'ad-1', Number.NaN, 15), 'Invalid input data: ad.position must be a number'],
    ['a missing ad length', { name: 'a', adId: 'ad-1', position: 1 }, 'Invalid input data: ad.length must be a number'],
  ])('refuses an ad with %s (§5, §8)', async (_name, ad, detail) => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject('mid', 1, 0));
    h.clear();
    h.tracker.trackEvent(MediaEvent.AdStart, ad);
    await h.to(1_000);
    expect(h.messages()).toEqual([detail, messages.INVALID_AD_OBJECT]);
    expect(h.beacons()).toEqual([]);
  });

  it("logs 'Incorrect event name' for an event trackEvent does not know (§5)", async () => {
    const h = await playing();
    h.clear();
    h.tracker.trackEvent('AdBreakBegin' as MediaEvent);
    expect(h.messages()).toEqual(["Incorrect event name 'AdBreakBegin': use a MediaEvent"]);
  });

  it("ignores an unknown field with 'Unable to validate unknown parameter' and keeps the object (§5)", async () => {
    const h = new Harness();
    h.tracker.trackSessionStart({ ...video(), colour: 'red' } as never);
    await h.to(500);
    expect(h.messages()).toEqual(["Unable to validate unknown parameter 'media.colour' (ignored)"]);
    expect(h.summary()[0]).toBe('start 0 0');
  });

  it.each([
    ['resumed flag', { resumed: 'yes' }, messages.IGNORED_RESUMED],
    ['preroll wait', { prerollTrackingWaitingTime: Number.NaN }, messages.IGNORED_PREROLL_WAIT],
    ['standard metadata', { standardMetadata: 'show' }, messages.IGNORED_METADATA],
  ])('ignores an invalid %s with a warning, and still starts (§5)', async (_name, options, warning) => {
    const h = new Harness();
    h.tracker.trackSessionStart(video(options as never));
    await h.to(500);
    expect(h.logs).toEqual([{ level: 'warn', message: warning }]);
    expect(h.summary()).toEqual(['start 0 0', 'aa_start 0 0']);
  });

  it('accepts a numeric text as preroll wait (§5 "not string/number/NaN")', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video({ prerollTrackingWaitingTime: '1000' as never }));
    h.tracker.trackPlay();
    await h.to(1_250);
    expect(h.messages()).toEqual([]);
    expect(h.heartbeats().find((hb) => hb.event.type === 'play')?.event.ts).toBe(h.clock.now() - 250);
  });

  it('keeps only the truthy number, string and boolean values of custom metadata (§5, RULES 32)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video({ standardMetadata: { [VideoMetadataKeys.Show]: 'Telenotícies' } }), {
      prog: 'tn',
      season: 3,
      live: false,
      nested: { a: 1 },
      list: [1],
      nothing: null,
    });
    await h.to(250);
    const kept = { prog: 'tn', season: '3', 'a.media.show': 'Telenotícies', 'a.media.streamType': 'video' };
    expect(h.heartbeats()[0]?.meta).toEqual(kept);
    expect(h.beacons()[0]?.hit.contextData).toMatchObject(kept);
    expect(h.beacons()[0]?.hit.contextData).not.toHaveProperty('live');
  });

  it('ignores custom metadata that is not an object, with a warning (§5)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video(), 'prog=tn' as never);
    await h.to(250);
    expect(h.messages()).toEqual([messages.IGNORED_METADATA]);
    expect(h.heartbeats()[0]?.meta).toEqual({ 'a.media.streamType': 'video' });
  });

  it('refuses an invalid pushed playhead and keeps the delegate one (§5 "playhead … checked")', async () => {
    const h = await playing();
    h.clear();
    h.tracker.updatePlayhead(Number.NaN);
    expect(h.messages()).toEqual(['Invalid input data: playhead must be a number']);
  });
});
