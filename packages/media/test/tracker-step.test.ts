import { HEARTBEAT_INTERVAL_MS, NO_PREVIOUS_TS } from '@mesura/protocol';
import { describe, expect, it } from 'vitest';
import { createMediaObject, step, type Readings, type TrackerState } from '../src/index.js';

const STATE: TrackerState = {
  setup: {
    trackingServer: 'hb.example.cat',
    publisher: 'org-1',
    playerName: 'html5',
    ssl: true,
    reportSuite: 'rs',
    analyticsServer: 'metrics.example.cat',
    analyticsSsl: true,
    measurementVersion: '2.27.0',
  },
  settings: { trackingIntervalMs: HEARTBEAT_INTERVAL_MS, setupCheckIntervalMs: 180_000 },
  privacy: 'opted-in',
  disabled: false,
  failed: false,
  outbox: [],
};

const READINGS: Readings = { now: 1_000, playhead: 0, qos: { bitrate: 0, fps: 0, droppedFrames: 0, startupTimeMs: 0 }, freshId: '1000123' };

describe('step (STYLE §2: a step returns the next state and the effects)', () => {
  it('returns the session start as effects, leaving the given state as it was', () => {
    const before = structuredClone(STATE);
    const media = createMediaObject('n', 'v-1', 60, 'vod', 'video');
    const { state, effects } = step(STATE, { type: 'call', call: 'trackSessionStart', media }, READINGS);
    expect(STATE).toEqual(before);
    expect(state.session?.sid).toBe('1000123');
    expect(effects.map((effect) => (effect.type === 'send' ? `send ${effect.request.kind}` : effect.type))).toEqual(['restart-send-clock', 'fetch-settings', 'send media-start', 'send heartbeat']);
    const heartbeat = effects.find((effect) => effect.type === 'send' && effect.request.kind === 'heartbeat');
    expect(heartbeat?.type === 'send' && heartbeat.request.kind === 'heartbeat' && heartbeat.request.heartbeat.event.prevTs).toBe(NO_PREVIOUS_TS);
  });

  it('gives the same result for the same state, input and readings', () => {
    const media = createMediaObject('n', 'v-1', 60, 'vod', 'video');
    const input = { type: 'call', call: 'trackSessionStart', media } as const;
    expect(step(STATE, input, READINGS)).toEqual(step(STATE, input, READINGS));
  });

  it('changes nothing and only logs for a refused call', () => {
    const { state, effects } = step(STATE, { type: 'call', call: 'trackPlay' }, READINGS);
    expect(state).toEqual(STATE);
    expect(effects).toEqual([{ type: 'log', level: 'error', message: 'Not in a session: call trackSessionStart to begin' }]);
  });
});
