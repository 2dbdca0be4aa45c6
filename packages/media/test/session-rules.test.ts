import { describe, expect, it } from 'vitest';
import { MediaEvent, createAdBreakObject, createAdObject, createChapterObject } from '../src/index.js';
import * as messages from '../src/errors.js';
import { Harness, playing, video } from './helpers/harness.js';

const BREAK = createAdBreakObject('preroll', 1, 0);
const AD = createAdObject('Ad one', 'ad-1', 1, 15);
const CHAPTER = createChapterObject('Part 1', 1, 300, 0);

describe('§4 session rules', () => {
  it('refuses a new session while one is active (§4, §8 already in a session)', async () => {
    const h = await playing();
    h.clear();
    h.tracker.trackSessionStart(video());
    await h.to(2000);
    expect(h.messages('error')).toEqual([messages.ALREADY_IN_SESSION]);
    expect(h.summary().filter((line) => line.startsWith('start'))).toEqual([]);
  });

  it.each([
    ['trackPlay', (h: Harness) => h.tracker.trackPlay()],
    ['trackPause', (h: Harness) => h.tracker.trackPause()],
    ['trackComplete', (h: Harness) => h.tracker.trackComplete()],
    ['trackSessionEnd', (h: Harness) => h.tracker.trackSessionEnd()],
    ['trackError', (h: Harness) => h.tracker.trackError('e1')],
    ['trackEvent', (h: Harness) => h.tracker.trackEvent(MediaEvent.BufferStart)],
    ['updatePlayhead', (h: Harness) => h.tracker.updatePlayhead(3)],
  ])('ignores %s outside a session and says to call trackSessionStart (§4, §8)', async (_name, call) => {
    const h = new Harness();
    call(h);
    await h.to(5000);
    expect(h.messages()).toEqual(['Not in a session: call trackSessionStart to begin']);
    expect(h.sent).toEqual([]);
  });

  it('ignores every call but the session end once the media completed (§4)', async () => {
    const h = await playing();
    h.tracker.trackComplete();
    await h.to(1000);
    h.clear();
    h.tracker.trackPlay();
    h.tracker.trackEvent(MediaEvent.ChapterStart, CHAPTER);
    h.tracker.trackError('e');
    await h.to(30_000);
    expect(h.messages('error')).toEqual(Array(3).fill(messages.MEDIA_ALREADY_COMPLETED));
    expect(h.sent).toEqual([]);
    h.tracker.trackSessionEnd();
    await h.to(31_000);
    expect(h.messages('error')).toHaveLength(3);
    expect(h.sent).toEqual([]);
  });

  it.each([
    ['trackPause', messages.ALREADY_BUFFERING, (h: Harness) => h.tracker.trackPause()],
    ['BufferStart', messages.ALREADY_BUFFERING, (h: Harness) => h.tracker.trackEvent(MediaEvent.BufferStart)],
    ['SeekStart', messages.ALREADY_BUFFERING, (h: Harness) => h.tracker.trackEvent(MediaEvent.SeekStart)],
  ])('refuses %s while buffering (§4)', async (_name, message, call) => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.BufferStart);
    h.clear();
    call(h);
    expect(h.messages()).toEqual([message]);
  });

  it.each([
    ['trackPause', (h: Harness) => h.tracker.trackPause()],
    ['BufferStart', (h: Harness) => h.tracker.trackEvent(MediaEvent.BufferStart)],
    ['SeekStart', (h: Harness) => h.tracker.trackEvent(MediaEvent.SeekStart)],
  ])('refuses %s while seeking (§4)', async (_name, call) => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.SeekStart);
    h.clear();
    call(h);
    expect(h.messages()).toEqual([messages.ALREADY_SEEKING]);
  });

  it('refuses completing a buffer or a seek that is not open (§8 not buffering, not seeking)', async () => {
    const h = await playing();
    h.clear();
    h.tracker.trackEvent(MediaEvent.BufferComplete);
    h.tracker.trackEvent(MediaEvent.SeekComplete);
    expect(h.messages()).toEqual([messages.NOT_BUFFERING, messages.NOT_SEEKING]);
  });

  it('drops every player-state event inside an ad break with no ad playing (§4)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, BREAK);
    h.clear();
    h.tracker.trackPlay();
    h.tracker.trackPause();
    h.tracker.trackEvent(MediaEvent.BufferStart);
    h.tracker.trackEvent(MediaEvent.BufferComplete);
    h.tracker.trackEvent(MediaEvent.SeekStart);
    h.tracker.trackEvent(MediaEvent.SeekComplete);
    await h.to(10_750);
    expect(h.messages()).toEqual(Array(6).fill(messages.INVALID_PLAYER_STATE_IN_AD_BREAK));
    // The content's play closed at the break after 250 ms, not reported (RULES 5); then nothing
    // but the gap, every 10 s, leaving on the tick after it fell due.
    expect(h.summary()).toEqual(['buffer 10000 10']);
  });

  it('accepts player-state events while an ad plays (§4)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, BREAK);
    h.tracker.trackEvent(MediaEvent.AdStart, AD);
    h.clear();
    h.tracker.trackPause();
    await h.to(2000);
    expect(h.messages()).toEqual([]);
    expect(h.summary()).toContain('ad:pause 0 0');
  });

  it('refuses an ad outside an ad break (§4 "an ad needs an ad break")', async () => {
    const h = await playing();
    h.clear();
    h.tracker.trackEvent(MediaEvent.AdStart, AD);
    h.tracker.trackEvent(MediaEvent.AdBreakComplete);
    await h.to(2000);
    expect(h.messages()).toEqual([messages.NOT_IN_AD_BREAK, messages.NOT_IN_AD_BREAK]);
    expect(h.beacons()).toEqual([]);
  });

  it('refuses completing or skipping an ad or a chapter that is not open (§8)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, BREAK);
    h.clear();
    h.tracker.trackEvent(MediaEvent.AdComplete);
    h.tracker.trackEvent(MediaEvent.AdSkip);
    h.tracker.trackEvent(MediaEvent.ChapterComplete);
    h.tracker.trackEvent(MediaEvent.ChapterSkip);
    expect(h.messages()).toEqual([messages.NOT_IN_AD, messages.NOT_IN_AD, messages.NOT_IN_CHAPTER, messages.NOT_IN_CHAPTER]);
  });

  it('skips the current ad when a new one starts, with no complete (§4)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, BREAK);
    h.tracker.trackEvent(MediaEvent.AdStart, AD);
    await h.to(3000);
    h.tracker.trackEvent(MediaEvent.AdStart, createAdObject('Ad two', 'ad-2', 2, 10));
    await h.to(3500);
    const ads = h.heartbeats().filter((hb) => hb.asset.type === 'ad');
    expect(ads.map((hb) => `${hb.asset.ad?.id} ${hb.event.type}`)).toEqual(['ad-1 start', 'ad-1 aa_ad_start', 'ad-1 play', 'ad-1 play', 'ad-1 play', 'ad-2 start', 'ad-2 aa_ad_start']);
  });

  it('completes the previous ad break when a new one starts (§4)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, BREAK);
    h.tracker.trackEvent(MediaEvent.AdStart, AD);
    await h.to(2000);
    h.tracker.trackEvent(MediaEvent.AdBreakStart, createAdBreakObject('mid', 2, 100));
    h.tracker.trackEvent(MediaEvent.AdStart, createAdObject('Ad two', 'ad-2', 1, 10));
    await h.to(2500);
    const starts = h.heartbeats().filter((hb) => hb.asset.type === 'ad' && hb.event.type === 'start');
    expect(starts.map((hb) => [hb.asset.ad?.podName, hb.asset.ad?.podOffset])).toEqual([
      ['preroll', 0],
      ['mid', 100],
    ]);
    expect(h.messages()).toEqual([]);
  });

  it('skips the current chapter when a new one starts: its keys stop riding (§4)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.ChapterStart, CHAPTER);
    h.tracker.trackEvent(MediaEvent.ChapterStart, createChapterObject('Part 2', 2, 300, 300));
    await h.to(12_000);
    const types = h.heartbeats().filter((hb) => hb.event.type.startsWith('chapter'));
    expect(types.map((hb) => `${hb.event.type} ${hb.stream.chapter?.name}`)).toEqual(['chapter_start Part 1', 'chapter_start Part 2']);
    expect(h.heartbeats().at(-1)?.stream.chapter?.name).toBe('Part 2');
  });

  it.each([
    ['ad break', MediaEvent.AdBreakStart, BREAK, messages.DUPLICATE_AD_BREAK],
    ['chapter', MediaEvent.ChapterStart, CHAPTER, messages.DUPLICATE_CHAPTER],
  ])('refuses a duplicate %s (§4)', async (_name, event, info, message) => {
    const h = await playing();
    h.tracker.trackEvent(event, info);
    h.clear();
    h.tracker.trackEvent(event, { ...info });
    await h.to(1000);
    expect(h.messages()).toEqual([message]);
    expect(h.summary().filter((line) => line.startsWith('chapter_start') || line.startsWith('ad:'))).toHaveLength(event === MediaEvent.ChapterStart ? 1 : 0);
  });

  it('refuses a duplicate ad (§4)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, BREAK);
    h.tracker.trackEvent(MediaEvent.AdStart, AD);
    h.clear();
    h.tracker.trackEvent(MediaEvent.AdStart, { ...AD });
    expect(h.messages()).toEqual([messages.DUPLICATE_AD]);
  });

  it('completing first skips the open ad, completes the break, skips the chapter, ends the media (§4; RULES 19)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.ChapterStart, CHAPTER);
    h.tracker.trackEvent(MediaEvent.AdBreakStart, BREAK);
    h.tracker.trackEvent(MediaEvent.AdStart, AD);
    await h.to(2000);
    h.clear();
    h.tracker.trackComplete();
    await h.to(2500);
    const sent = h.heartbeats();
    // The ad's play closes with its partial time (no ad complete), then the media's play 0 at its
    // length, then complete (RULES 13, 19). The ad played 1.5 s: its 1 s heartbeat was sent
    // before, 500 ms remain. Ad heartbeats carry the player's playhead, 2 s (RULES 16).
    expect(h.summary()).toEqual(['ad:play 500 2', 'play 0 600', 'complete 0 600']);
    expect(sent.map((hb) => hb.stream.chapter?.name)).toEqual(['Part 1', undefined, undefined]);
    expect(sent.filter((hb) => hb.event.type === 'complete' && hb.asset.type === 'ad')).toEqual([]);
  });

  it('ends with end when the session ends without complete, skipping what is open (§4; RULES 21)', async () => {
    const h = await playing();
    h.tracker.trackEvent(MediaEvent.AdBreakStart, BREAK);
    await h.to(2000);
    h.clear();
    h.tracker.trackSessionEnd();
    await h.to(3000);
    // The break's gap (main buffer since the break began at 500), main play 0 as the player
    // plays, then end (RULES 21).
    expect(h.summary()).toEqual(['buffer 1500 2', 'play 0 2', 'end 0 2']);
    h.tracker.trackPlay();
    expect(h.messages()).toEqual([messages.NOT_IN_SESSION]);
  });
});
