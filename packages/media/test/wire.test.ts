import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MediaEvent, createAdBreakObject, createAdObject, createChapterObject, createQoSObject } from '../src/index.js';
import * as messages from '../src/errors.js';
import { lengthText } from '../src/media-analytics.js';
import { Harness, T0, VISITOR_ID, playing, video } from './helpers/harness.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('wire §2 heartbeats', () => {
  it('sends a GET to the tracking server with every parameter of a start in the query string', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video(), { prog: 'tn' });
    await h.to(250);
    const url = new URL(h.sent.find((s) => !s.url.includes('/b/ss/'))?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://hb.example.cat/');
    const sid = url.searchParams.get('s:event:sid') ?? '';
    expect(sid).toMatch(new RegExp(`^${T0}\\d{9}$`));
    expect([...url.searchParams]).toEqual([
      ['s:sc:rsid', 'rsid.test'],
      ['s:sc:tracking_server', 'metrics.example.cat'],
      ['h:sc:ssl', '1'],
      ['s:user:mid', VISITOR_ID],
      ['s:sp:ovp', 'ovp'],
      ['s:sp:sdk', 'test-1'],
      ['s:sp:channel', 'tv3'],
      ['s:sp:player_name', 'html5'],
      ['s:sp:hb_version', '2.2.1'],
      ['l:sp:hb_api_lvl', '4'],
      ['s:event:sid', sid],
      ['s:event:type', 'start'],
      ['l:event:duration', '0'],
      ['l:event:playhead', '0'],
      ['l:event:ts', String(T0)],
      ['l:event:prev_ts', '-1'],
      ['s:asset:type', 'main'],
      ['s:asset:name', 'Video name'],
      ['s:asset:video_id', 'vid-1'],
      ['s:asset:publisher', 'org-1'],
      ['l:asset:length', '600'],
      ['s:stream:type', 'vod'],
      ['l:stream:bitrate', '1000'],
      ['l:stream:fps', '25'],
      ['l:stream:dropped_frames', '0'],
      ['l:stream:startup_time', '2000'],
      ['s:meta:prog', 'tn'],
      // RULES 33: the session metadata and the stream type ride on the main start.
      ['s:meta:a.media.streamType', 'video'],
    ]);
  });

  it('sends the analytics media start hit pe=ms_s with its context data (item 9)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video(), { prog: 'tn' });
    await h.to(250);
    const [beacon] = h.beacons();
    const sid = h.heartbeats()[0]?.event.sessionId;
    expect(beacon?.address.reportSuites).toEqual(['rsid.test']);
    expect(beacon?.hitType).toBe('media_start');
    expect(beacon?.hit.media).toEqual({ kind: 'ms_s', mediaType: 'video' });
    expect(beacon?.hit.visitor).toEqual({ fid: VISITOR_ID });
    expect(beacon?.hit.contextData).toEqual({
      prog: 'tn',
      'a.media.name': 'vid-1',
      'a.media.friendlyName': 'Video name',
      'a.media.length': '600',
      'a.media.streamType': 'video',
      'a.media.playerName': 'html5',
      'a.media.channel': 'tv3',
      'a.media.view': 'true',
      'a.media.vsid': sid,
      'a.contentType': 'vod',
    });
    expect(h.sent[0]?.url.startsWith('https://metrics.example.cat/b/ss/rsid.test/1/MESURA-MEDIA-0.1.0/s')).toBe(true);
  });

  it('sends start at once and aa_start right behind it, on the first send tick (RULES 1)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    expect(h.summary()).toEqual(['start 0 0']);
    await h.to(500);
    expect(h.heartbeats().map((hb) => `${hb.event.type}@${hb.at} ts=${hb.event.ts - T0}`)).toEqual(['start@0 ts=0', 'aa_start@250 ts=0']);
  });

  it('sends the ad start hit pe=msa_s, ad start, aa_ad_start and the ad keys (wire §2 Ads)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject('mid', 2, 26));
    h.tracker.trackEvent(MediaEvent.AdStart, createAdObject('Ad one', 'ad-1', 1, 15), { 'a.media.ad.advertiser': 'Acme' });
    await h.to(1_000);
    const podId = `${md5('vid-1')}_2`;
    const ad = h.beacons().find((b) => b.hit.media?.kind === 'msa_s');
    expect(ad?.hit.media).toEqual({ kind: 'msa_s', mediaType: 'videoAd' });
    expect(ad?.hit.contextData).toMatchObject({
      'a.media.ad.name': 'ad-1',
      'a.media.ad.friendlyName': 'Ad one',
      'a.media.ad.podFriendlyName': 'mid',
      'a.media.ad.pod': podId,
      'a.media.ad.podPosition': '1',
      'a.media.ad.length': '15',
      'a.media.ad.advertiser': 'Acme',
      'a.media.name': 'vid-1',
    });
    const adHeartbeats = h.heartbeats().filter((hb) => hb.asset.type === 'ad');
    expect(adHeartbeats.map((hb) => hb.event.type)).toEqual(['start', 'aa_ad_start']);
    expect(adHeartbeats[0]?.asset.ad).toMatchObject({ id: 'ad-1', name: 'Ad one', podId, podName: 'mid', podPosition: 1, podOffset: 26, length: 15 });
    // RULES 33: the ad start carries the session's metadata, the stream type and the ad's metadata.
    expect(adHeartbeats[0]?.meta).toEqual({ 'a.media.streamType': 'video', 'a.media.ad.advertiser': 'Acme' });
    expect(adHeartbeats[1]?.meta).toEqual({});
    expect(adHeartbeats[0]?.asset.videoId).toBe('vid-1');
  });

  it('resumes content play at ad-break complete without a play call, ad complete closing the ad', async () => {
    const h = await playing();
    await h.to(5_000);
    h.setPlaying(false);
    h.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject('mid', 1, 5));
    h.tracker.trackEvent(MediaEvent.AdStart, createAdObject('Ad', 'ad-1', 1, 2));
    await h.to(7_000);
    h.tracker.trackEvent(MediaEvent.AdComplete);
    await h.to(7_500);
    h.tracker.trackEvent(MediaEvent.AdBreakComplete);
    await h.to(7_750);
    // The ad's 1 s heartbeat at 7000 came just before the complete: no 0 ms play follows it.
    // Every ad heartbeat carries the player's playhead (RULES 16): the content stands at 5 s.
    expect(h.summary().slice(-5)).toEqual(['ad:play 1000 5', 'ad:play 1000 5', 'ad:complete 0 5', 'buffer 500 5', 'play 0 5']);
  });

  it('carries the open chapter on every heartbeat, ad heartbeats too, with md5 chapter id', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.ChapterStart, createChapterObject('Part 2', 2, 300, 120), { segment: 'b' });
    h.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject('mid', 1, 0));
    h.tracker.trackEvent(MediaEvent.AdStart, createAdObject('Ad', 'ad-1', 1, 2));
    await h.to(1_000);
    const sent = h.heartbeats().filter((hb) => hb.at >= 750);
    expect(sent.length).toBeGreaterThan(2);
    for (const hb of sent) {
      expect(hb.stream.chapter).toMatchObject({ id: `${md5('vid-1')}_2`, name: 'Part 2', position: 2, length: 300, offset: 120 });
    }
    // RULES 33: chapter_start carries the session's metadata and stream type, then the chapter's.
    expect(sent.find((hb) => hb.event.type === 'chapter_start')?.meta).toEqual({ 'a.media.streamType': 'video', segment: 'b' });
  });

  it('sends chapter_complete and then drops the chapter keys', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.ChapterStart, createChapterObject('Part', 1, 60, 0));
    h.tracker.trackEvent(MediaEvent.ChapterComplete);
    await h.to(1_500);
    expect(
      h
        .heartbeats()
        .filter((hb) => hb.event.type.startsWith('chapter'))
        .map((hb) => hb.stream.chapter?.name),
    ).toEqual(['Part', 'Part']);
    expect(h.heartbeats().at(-1)?.stream.chapter).toBeUndefined();
  });

  it('closes play at the length on complete, then complete, with no extra play 0 (RULES 20)', async () => {
    const h = await playing();
    await h.to(2_000);
    h.tracker.trackComplete();
    h.tracker.trackSessionEnd();
    await h.to(2_500);
    expect(h.summary().slice(-3)).toEqual(['play 1001 1', 'play 749 600', 'complete 0 600']);
    // The jump to 600 s disagrees with 749 ms of play by more than 2 s.
    expect(h.messages('warn')).toEqual([messages.PLAYHEAD_DRIFT]);
  });

  it('sends no extra play when the playhead is already at the length', async () => {
    const h = await playing();
    h.setPlaying(false);
    h.setPlayhead(600);
    h.tracker.trackComplete();
    await h.to(1_000);
    expect(h.summary().slice(-1)).toEqual(['complete 0 600']);
    expect(h.summary().filter((line) => line === 'play 0 600')).toEqual([]);
  });

  it('sends bitrate_change with the new QoS, which stays current', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.BitrateChange, createQoSObject(2_000_000, 1.2, 50, 4));
    await h.to(11_500);
    const change = h.heartbeats().find((hb) => hb.event.type === 'bitrate_change');
    expect(change?.stream.qos).toEqual({ bitrate: 2_000_000, fps: 50, droppedFrames: 4, startupTimeMs: 1200 });
    // The plays at 1251 (first progress) and 11250 carry their interval's start: the old, then the new (RULES 27).
    expect(
      h
        .heartbeats()
        .filter((hb) => hb.event.type === 'play')
        .map((hb) => hb.stream.qos.bitrate),
    ).toEqual([1000, 1000, 2_000_000]);
  });

  it("carries on periodic heartbeats and closes the QoS sampled at the state's previous heartbeat, on openings the current one (RULES 27)", async () => {
    const h = await playing();
    h.qos = createQoSObject(5000, 2, 25, 0);
    await h.to(1_500);
    h.qos = createQoSObject(7000, 2, 25, 0);
    await h.to(2_000);
    h.tracker.trackPause();
    await h.to(2_500);
    const bitrates = h.heartbeats().filter((hb) => hb.event.type === 'play' || hb.event.type === 'pause');
    // play 0 at 250 (1000 then), play at 1251 (sampled at 250), its close at 2000 (sampled at 1251), pause 0.
    expect(bitrates.map((hb) => `${hb.event.type} ${hb.event.duration} ${hb.stream.qos.bitrate}`)).toEqual(['play 0 1000', 'play 1001 1000', 'play 749 5000', 'pause 0 7000']);
  });

  it('sends customer ids on start only (§3 authState 0/1/2)', async () => {
    const h = new Harness({
      deps: {
        visitor: {
          visitorId: () => VISITOR_ID,
          customerIds: () => ({ idUsuari: { id: 'u-1', authState: 1 }, idBigData: { id: 'b-9' }, empty: { id: '' } }),
        },
      },
    });
    h.tracker.trackSessionStart(video());
    await h.to(500);
    const [start, aaStart] = h.heartbeats();
    expect(start?.customerIds).toEqual({ idUsuari: { id: 'u-1', authState: 1 }, idBigData: { id: 'b-9', authState: 0 } });
    expect(aaStart?.customerIds).toBeUndefined();
  });

  it('logs a failed send and moves on to the next request (§8)', async () => {
    const h = await playing();
    h.setPlaying(false);
    h.networkUp = false;
    h.tracker.trackPause();
    h.tracker.trackError('e1');
    await h.to(1_000);
    h.networkUp = true;
    await h.to(10_750);
    // The pause 0 and the error left on the 750 tick and failed; the periodic pause went out.
    const failed = h.messages('warn');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatch(/^Send failed, moving on: https:\/\/hb\.example\.cat\/\?.*s:event:type=pause/);
    expect(failed[1]).toMatch(/^Send failed, moving on: https:\/\/hb\.example\.cat\/\?.*s:event:type=error/);
    expect(h.summary().at(-1)).toBe('pause 10000 0');
  });

  it("floors lengths in the start hits' context data, '0.0' when there is no number (§9)", () => {
    expect([lengthText(15.9), lengthText(0), lengthText(Number.NaN), lengthText(Number.POSITIVE_INFINITY)]).toEqual(['15', '0', '0.0', '0.0']);
  });

  it('logs a send that throws as failed too', async () => {
    const h = new Harness({
      deps: {
        transport: {
          send: () => {
            throw new Error('blocked');
          },
        },
      },
    });
    h.tracker.trackSessionStart(video());
    await h.to(250);
    // The analytics source keeps its own (working) transport: the start heartbeat fails at once,
    // and aa_start, behind it, on the first tick (RULES 1).
    expect(h.beacons()).toHaveLength(1);
    const failed = h.messages('warn');
    expect(failed).toHaveLength(2);
    expect(failed.map((message) => new URL(message.slice('Send failed, moving on: '.length)).searchParams.get('s:event:type'))).toEqual(['start', 'aa_start']);
    expect(failed[0]).toBe(messages.sendFailed(failed[0]!.slice('Send failed, moving on: '.length)));
  });
});
