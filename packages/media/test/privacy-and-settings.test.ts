import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../src/replay/memory-storage.js';
import * as messages from '../src/errors.js';
import { Harness, T0, playing, video } from './helpers/harness.js';

describe('§4 privacy status', () => {
  it('sends nothing, settings file included, while the status is unknown', async () => {
    const h = new Harness({ privacy: 'unknown' });
    h.tracker.trackSessionStart(video());
    h.tracker.trackPlay();
    await h.to(60_000);
    expect(h.sent).toEqual([]);
    expect(h.settingsUrls).toEqual([]);
  });

  it('sends what waited, in the order it was queued, at the opt-in (RULES 1: aa_start right behind start)', async () => {
    const h = new Harness({ privacy: 'unknown' });
    h.tracker.trackSessionStart(video());
    h.tracker.trackPlay();
    await h.to(2_100);
    expect(h.sent).toEqual([]);
    h.setPrivacy('opted-in');
    expect(h.settingsUrls).toEqual([`https://hb.example.cat/settings/org-1.xml?r=${T0}`]);
    expect(h.beacons().map((b) => b.at)).toEqual([2_100]);
    expect(h.sent.map((s) => s.at)).toEqual(Array(5).fill(2_100));
    expect(h.summary()).toEqual(['start 0 0', 'aa_start 0 0', 'start 250 0', 'play 0 0']);
  });

  it('ends the session on opt-out, dropping what waits, and sends nothing more', async () => {
    const h = await playing();
    await h.to(3_100);
    h.tracker.trackPause();
    h.setPrivacy('opted-out');
    const before = h.sent.length;
    await h.to(60_000);
    expect(h.sent).toHaveLength(before);
    expect(h.messages('info')).toEqual([messages.PRIVACY_OPTED_OUT]);
    h.tracker.trackPlay();
    expect(h.messages('error')).toEqual([messages.NOT_IN_SESSION]);
  });

  it('starts no session while opted out', async () => {
    const h = new Harness({ privacy: 'opted-out' });
    h.tracker.trackSessionStart(video());
    await h.to(5_000);
    expect(h.messages()).toEqual([messages.PRIVACY_BLOCKS_SESSION]);
    expect(h.sent).toEqual([]);
  });
});

describe('§4 remote disabling (§7 "Video settings")', () => {
  it('reads the settings file named after the publisher at session start', async () => {
    const h = new Harness({ config: { publisher: 'ABC@Org' } });
    h.tracker.trackSessionStart(video());
    expect(h.settingsUrls).toEqual([`https://hb.example.cat/settings/abc-org.xml?r=${T0}`]);
  });

  it('ends the session when the settings file disables tracking, and blocks new ones', async () => {
    const h = new Harness({ settings: { trackingDisabled: true } });
    h.tracker.trackSessionStart(video());
    h.tracker.trackPlay();
    // The start and its ms_s leave at once (RULES 1), before the settings file answers.
    expect(h.sent).toHaveLength(2);
    expect(h.summary()).toEqual(['start 0 0']);
    h.clear();
    await h.to(10_000);
    expect(h.sent).toEqual([]);
    expect(h.messages()).toEqual([messages.TRACKING_DISABLED]);
    h.tracker.trackSessionStart(video());
    await h.to(20_000);
    expect(h.messages()).toEqual([messages.TRACKING_DISABLED, messages.TRACKING_DISABLED]);
    expect(h.sent).toEqual([]);
  });

  it('ends a running session when a later read disables tracking', async () => {
    const h = await playing();
    h.settingsXml = '<settings><trackingDisabled>true</trackingDisabled></settings>';
    await h.to(200_000);
    const last = h.sent.at(-1)?.at ?? 0;
    expect(last).toBeLessThanOrEqual(180_000);
    expect(h.messages('error')).toEqual([messages.TRACKING_DISABLED]);
  });

  it('remembers the disabling for the next page, one setup-check interval long', async () => {
    const storage = memoryStorage();
    const first = new Harness({ settings: { trackingDisabled: true }, storage });
    first.tracker.trackSessionStart(video());
    await first.to(1_000);
    const next = new Harness({ storage });
    next.tracker.trackSessionStart(video());
    await next.to(1_000);
    expect(next.sent).toEqual([]);
    expect(next.settingsUrls).toEqual([]);
    expect(next.messages()).toEqual([messages.TRACKING_DISABLED]);
    const later = new Harness({ storage });
    await later.to(181_000);
    later.tracker.trackSessionStart(video());
    await later.to(181_500);
    expect(later.summary()).toEqual(['start 0 0', 'aa_start 0 0']);
  });

  it('keeps the current settings when the file cannot be read, with an info line', async () => {
    const h = new Harness({ deps: { fetchText: () => Promise.reject(new Error('404')) } });
    h.tracker.trackSessionStart(video());
    await h.to(500);
    expect(h.messages('info')).toEqual([messages.settingsUnavailable(`https://hb.example.cat/settings/org-1.xml?r=${T0}`)]);
    expect(h.summary()).toEqual(['start 0 0', 'aa_start 0 0']);
  });
});
