import { readMediaScenario } from '@mesura/test-utils';
import { describe, expect, it } from 'vitest';
import { formatLines, runScenario } from '../src/replay/run-scenario.js';
import { ScenarioError } from '../src/replay/scenario.js';
import { SimulatedClock } from '../src/replay/simulated-clock.js';

const CONFIG = {
  trackingServer: 'hb.example.cat',
  publisher: 'org-1',
  playerName: 'html5',
  reportSuite: 'rsid.test',
  analyticsServer: 'metrics.example.cat',
};
const EXAMPLE = readMediaScenario('issue-example.json');

describe('the replay (README "Replay")', () => {
  it('prints the same lines on every run', async () => {
    expect(formatLines(await runScenario(EXAMPLE))).toBe(formatLines(await runScenario(EXAMPLE)));
  });

  it('prints one JSON object a line, with at and kind first', async () => {
    const text = formatLines(await runScenario(EXAMPLE));
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line).toMatch(/^\{"at":\d+,"kind":"(heartbeat|analytics|settings|log)",/);
  });

  it('passes a call with bad arguments through as given, so that validation shows', async () => {
    const lines = await runScenario({ config: CONFIG, steps: [{ at: 0, call: 'trackSessionStart', media: ['x', 'v', 'long', 'vod', 'video'] }] });
    expect(lines).toEqual([
      { at: 0, kind: 'log', level: 'error', message: 'Invalid input data: media.length must be a number' },
      { at: 0, kind: 'log', level: 'error', message: expect.stringMatching(/^Invalid media object/) },
    ]);
  });

  it('passes media and info that are not arrays through as given', async () => {
    const lines = await runScenario({
      config: CONFIG,
      steps: [
        { at: 0, call: 'trackSessionStart', media: { name: 'n', id: 'i', length: 5, streamType: 'vod', mediaType: 'video' } },
        { at: 0, call: 'trackEvent', event: 'ChapterStart', info: ['scene', 1] },
      ],
    });
    expect(lines.filter((line) => line.kind === 'log').map((line) => 'message' in line && line.message)).toEqual([
      "Unable to validate unknown parameter 'chapter.0' (ignored)",
      "Unable to validate unknown parameter 'chapter.1' (ignored)",
      'Invalid input data: chapter.name must be a string',
      expect.stringMatching(/^Invalid chapter object/),
    ]);
  });

  it('runs to runUntil after the last step', async () => {
    const lines = await runScenario({ config: CONFIG, steps: [{ at: 0, call: 'trackSessionStart', media: ['n', 'i', 5, 'vod', 'video'] }], runUntil: 300 });
    expect(lines.map((line) => `${line.kind}@${line.at}`)).toEqual(['settings@0', 'analytics@0', 'heartbeat@0', 'heartbeat@250']);
  });

  it.each([
    ['a step going back in time', { config: CONFIG, steps: [{ at: 10 }, { at: 5 }] }, 'scenario.steps[1].at: expected milliseconds, not before the previous step'],
    ['an unknown call', { config: CONFIG, steps: [{ at: 0, call: 'trackStop' }] }, "scenario.steps[0].call: 'trackStop' is not a tracker method"],
    ['no steps', { config: CONFIG }, 'scenario.steps: expected an array'],
    ['no config', { steps: [] }, 'scenario.config: expected an object'],
    ['a bad privacy status', { config: CONFIG, steps: [], privacy: 'maybe' }, 'scenario.privacy: expected one of unknown, opted-in, opted-out'],
    ['a sleep that is not a flag', { config: CONFIG, steps: [{ at: 0, sleep: 'yes' }] }, 'scenario.steps[0].sleep: expected true or false'],
  ])('refuses %s with the step and field at fault', async (_name, scenario, message) => {
    await expect(runScenario(scenario)).rejects.toThrow(ScenarioError);
    await expect(runScenario(scenario)).rejects.toThrow(message);
  });
});

describe('SimulatedClock', () => {
  it('runs timers in due order, ties in the order they were set, with the clock at their due time', async () => {
    const clock = new SimulatedClock(1000);
    const seen: string[] = [];
    clock.setTimer(() => seen.push(`b@${clock.now()}`), 50);
    clock.setTimer(() => seen.push(`a@${clock.now()}`), 10);
    clock.setTimer(() => seen.push(`c@${clock.now()}`), 50);
    const cleared = clock.setTimer(() => seen.push('never'), 20);
    clock.clearTimer(cleared);
    await clock.advanceTo(1040);
    expect(seen).toEqual(['a@1010']);
    await clock.advanceBy(100);
    expect(seen).toEqual(['a@1010', 'b@1050', 'c@1050']);
    expect(clock.now()).toBe(1140);
  });

  it('runs a timer that a timer sets when it falls due before the target', async () => {
    const clock = new SimulatedClock(0);
    const seen: number[] = [];
    const tick = () => {
      seen.push(clock.now());
      clock.setTimer(tick, 250);
    };
    clock.setTimer(tick, 250);
    await clock.advanceTo(1000);
    expect(seen).toEqual([250, 500, 750, 1000]);
    expect(clock.pendingTimers).toBe(1);
  });

  it('jumps without running timers (a sleeping page); those due run late, once each, at the next advance', async () => {
    const clock = new SimulatedClock(0);
    const seen: number[] = [];
    const tick = () => {
      seen.push(clock.now());
      clock.setTimer(tick, 250);
    };
    clock.setTimer(tick, 250);
    clock.jumpTo(1000);
    expect(seen).toEqual([]);
    await clock.advanceTo(1300);
    expect(seen).toEqual([1000, 1250]);
  });

  it('lets promises a timer started settle at its due time', async () => {
    const clock = new SimulatedClock(0);
    const seen: number[] = [];
    clock.setTimer(
      () =>
        void Promise.resolve()
          .then(() => Promise.resolve())
          .then(() => seen.push(clock.now())),
      100,
    );
    clock.setTimer(() => seen.push(clock.now()), 200);
    await clock.advanceTo(300);
    expect(seen).toEqual([100, 200]);
  });
});
