import { describe, expect, it } from 'vitest';
import { createMediaObject, createMediaTracker, type LogEntry, type MediaDeps } from '../src/index.js';
import * as messages from '../src/errors.js';
import { createMediaAnalytics } from '../src/media-analytics.js';
import { SimulatedClock } from '../src/replay/simulated-clock.js';
import { CONFIG, Harness, playing, video } from './helpers/harness.js';

const DELEGATE = { getCurrentPlaybackTime: () => 0, getQoSObject: () => undefined };

function depsWith(logs: LogEntry[], overrides: Partial<MediaDeps> = {}): MediaDeps {
  const clock = new SimulatedClock(0);
  const transport = { send: () => true };
  return {
    clock,
    timers: clock,
    transport,
    fetchText: () => Promise.resolve(''),
    visitor: { visitorId: () => undefined },
    analytics: createMediaAnalytics({ analytics: { mediaStart: () => true }, reportSuite: 'rs', trackingServer: 'metrics.example.cat' }),
    log: (entry) => logs.push(entry),
    ...overrides,
  };
}

describe('§5 setup checks', () => {
  it.each([
    ['trackingServer', { trackingServer: '' }, 'Invalid input data: config.trackingServer must be a host name'],
    ['publisher', { publisher: undefined }, 'Invalid input data: config.publisher must be the organisation id'],
    ['playerName', { playerName: 7 }, 'Invalid input data: config.playerName must be a non-empty string'],
  ])('refuses a config without a valid %s', (_field, change, message) => {
    const logs: LogEntry[] = [];
    createMediaTracker({ ...CONFIG, ...change } as never, DELEGATE, depsWith(logs));
    expect(logs).toEqual([{ level: 'error', message }]);
  });

  it("refuses a missing analytics source with 'Error getting a reference to Analytics shared module...' (§8)", () => {
    const logs: LogEntry[] = [];
    createMediaTracker(CONFIG, DELEGATE, depsWith(logs, { analytics: undefined }));
    expect(logs.map((entry) => entry.message)).toEqual([messages.ANALYTICS_MODULE_MISSING]);
    expect(messages.ANALYTICS_MODULE_MISSING.startsWith('Error getting a reference to Analytics shared module...')).toBe(true);
  });

  it('checks the analytics account id and tracking server (§5)', () => {
    const logs: LogEntry[] = [];
    const analytics = { version: '2.27.0', reportSuite: '', trackingServer: '', mediaStart: () => true, adStart: () => true };
    createMediaTracker(CONFIG, DELEGATE, depsWith(logs, { analytics }));
    expect(logs.map((entry) => entry.message)).toEqual([
      'Invalid input data: deps.analytics.reportSuite must be a non-empty string',
      'Invalid input data: deps.analytics.trackingServer must be a non-empty string',
    ]);
  });

  it('refuses a missing visitor id source (§5 "a visitor with organization ID")', () => {
    const logs: LogEntry[] = [];
    createMediaTracker(CONFIG, DELEGATE, depsWith(logs, { visitor: undefined }));
    expect(logs.map((entry) => entry.message)).toEqual([messages.VISITOR_MISSING]);
  });

  it.each([
    ['without getQoSObject', { getCurrentPlaybackTime: () => 0 }],
    ['without getCurrentPlaybackTime', { getQoSObject: () => undefined }],
    ['missing', undefined],
  ])('raises an error for a delegate %s (§8)', (_name, delegate) => {
    const logs: LogEntry[] = [];
    createMediaTracker(CONFIG, delegate as never, depsWith(logs));
    expect(logs).toEqual([{ level: 'error', message: messages.DELEGATE_INCOMPLETE }]);
  });

  it('refuses a platform without fetch or timers, unless they are injected (§8 unsupported browser platform)', () => {
    const logs: LogEntry[] = [];
    const fetch = globalThis.fetch;
    try {
      (globalThis as { fetch?: unknown }).fetch = undefined;
      createMediaTracker(CONFIG, DELEGATE, depsWith(logs, { transport: undefined }));
    } finally {
      globalThis.fetch = fetch;
    }
    expect(logs.map((entry) => entry.message)).toEqual([messages.UNSUPPORTED_PLATFORM]);
  });

  it('drops every later call with one log entry each when creation failed (§8)', () => {
    const logs: LogEntry[] = [];
    const tracker = createMediaTracker(CONFIG, DELEGATE, depsWith(logs, { visitor: undefined }));
    logs.length = 0;
    tracker.trackSessionStart(createMediaObject('n', 'i', 1, 'vod', 'video'));
    tracker.trackPlay();
    tracker.trackEvent('AdStart');
    tracker.destroy();
    expect(logs.map((entry) => entry.message)).toEqual(['trackSessionStart', 'trackPlay', 'trackEvent'].map((call) => messages.trackerNotCreated(call, messages.VISITOR_MISSING)));
  });
});

describe('§8 errors', () => {
  it("sends error with the player id, bitrate, fps and dropped frames 0 and the tracker's own startup time (RULES 29)", async () => {
    const h = await playing();
    h.tracker.trackError('MEDIA_ERR_DECODE');
    await h.to(1_000);
    const error = h.heartbeats().find((hb) => hb.event.type === 'error');
    expect(error?.event).toMatchObject({ errorId: 'MEDIA_ERR_DECODE', errorSource: 'sourceErrorSDK', playhead: 0, duration: 0 });
    // The 250 ms spent in `start` (the preroll wait), not the player's 2 s.
    expect(error?.stream.qos).toEqual({ bitrate: 0, fps: 0, droppedFrames: 0, startupTimeMs: 250 });
  });

  it('sends an error before the first play with a startup time of 0 (RULES 29)', async () => {
    const h = new Harness();
    h.tracker.trackSessionStart(video());
    h.tracker.trackError('MEDIA_ERR_NETWORK');
    await h.to(500);
    const error = h.heartbeats().find((hb) => hb.event.type === 'error');
    expect(error?.stream.qos).toEqual({ bitrate: 0, fps: 0, droppedFrames: 0, startupTimeMs: 0 });
  });

  it.each([[undefined], ['']])('tracks an error without id (%j) as unknown_error_id (§8)', async (errorId) => {
    const h = await playing();
    h.tracker.trackError(errorId);
    await h.to(1_000);
    expect(h.heartbeats().find((hb) => hb.event.type === 'error')?.event.errorId).toBe('unknown_error_id');
  });

  it("logs 'Internal error' when the tracker fails, and drops every later call with it (§8)", async () => {
    let broken = false;
    const h = new Harness({
      deps: {
        visitor: {
          visitorId: () => {
            if (broken) throw new Error('visitor store gone');
            return undefined;
          },
        },
      },
    });
    h.tracker.trackSessionStart(createMediaObject('n', 'i', 60, 'vod', 'video'));
    await h.to(300);
    broken = true;
    h.tracker.trackPlay();
    broken = false;
    h.tracker.trackPause();
    const sent = h.sent.length;
    await h.to(30_000);
    expect(h.messages()).toEqual(['Internal error: visitor store gone; media tracking stops until the page reloads', 'Internal error: trackPause dropped']);
    expect(h.sent).toHaveLength(sent);
  });

  it('refuses audio when the measurement library is older than 2.11.0 (§5)', async () => {
    const logs: LogEntry[] = [];
    const analytics = createMediaAnalytics({ analytics: { mediaStart: () => true }, reportSuite: 'rs', trackingServer: 'm', version: '2.10.3' });
    const tracker = createMediaTracker(CONFIG, DELEGATE, depsWith(logs, { analytics }));
    tracker.trackSessionStart(createMediaObject('Radio', 'r-1', 0, 'aod', 'audio'));
    tracker.destroy();
    expect(logs.map((entry) => entry.message)).toEqual([messages.audioNeedsNewerLibrary('2.10.3')]);
    expect(messages.audioNeedsNewerLibrary('2.10.3')).toContain('measurement library 2.11.0 or newer');
  });

  it('starts audio with a measurement library of 2.11.0', async () => {
    const h = new Harness({});
    h.tracker.trackSessionStart(createMediaObject('Radio', 'r-1', 0, 'aod', 'audio'));
    await h.to(250);
    expect(h.messages()).toEqual([]);
    expect(h.beacons()[0]?.hit.media).toEqual({ kind: 'ms_s', mediaType: 'audio' });
  });

  it('words every §8 refusal with the spec words and what to do', () => {
    expect(messages.NOT_IN_SESSION).toContain('call trackSessionStart to begin');
    expect(messages.REPORTING_ALREADY_STARTED.toLowerCase()).toContain('reporting already started');
    expect(messages.TRACKING_DISABLED.toLowerCase()).toContain('tracking disabled for this publisher');
    expect(messages.INVALID_PLAYER_STATE_IN_AD_BREAK.toLowerCase()).toContain('invalid player state inside an ad break');
    expect(messages.UNSUPPORTED_PLATFORM.toLowerCase()).toContain('unsupported browser platform');
    for (const [name, value] of Object.entries(messages)) {
      if (typeof value === 'string') expect(value, name).toMatch(/^[A-Z]/);
    }
  });
});
