/**
 * The replay scenario (README "Replay"), read and checked. What the reference format leaves
 * open is Mesura's, documented in the package README: `seconds` of updatePlayhead, and the optional
 * `config.analyticsSsl`, `settings`, `privacy`, `visitorId` at the top and `qos`, `privacy`,
 * `network`, `sleep` on a step.
 */
import type { MediaConfig } from '../config.js';
import type { PrivacyStatus } from '../deps.js';

export interface ScenarioConfig extends MediaConfig {
  /** The analytics start hits' report suite (`s:sc:rsid`). */
  reportSuite?: string;
  /** The analytics collector's host (`s:sc:tracking_server`). */
  analyticsServer?: string;
  /** Mesura's: whether the analytics collector is reached over https (`h:sc:ssl`). Default true. */
  analyticsSsl?: boolean;
}

export interface ScenarioStep {
  /** Milliseconds from the start; non-decreasing. */
  at: number;
  /** A tracker method; absent for a step that only changes the player, privacy or network. */
  call?: string;
  /** From this step on, the playhead advances one second per second (true) or stands (false). */
  playing?: boolean;
  /** Sets the playhead (seconds) before the call. */
  playhead?: number;
  /** trackSessionStart: [name, id, length, streamType, mediaType, options?]. */
  media?: unknown;
  contextData?: unknown;
  /** trackEvent's event name. */
  event?: unknown;
  /** ["adBreak", …], ["ad", …], ["chapter", …], ["qos", …], or passed as given. */
  info?: unknown;
  errorId?: unknown;
  /** updatePlayhead's argument; without it the step only moves the replayed player. */
  seconds?: unknown;
  /** The delegate's QoS from this step on: [bitrate, startupTime, fps, droppedFrames]. */
  qos?: unknown;
  /** The privacy status from this step on (listeners are told). */
  privacy?: PrivacyStatus;
  /** 'down': every send fails from this step on; 'up': they succeed again. */
  network?: 'up' | 'down';
  /**
   * true: the page slept since the previous step (a suspended machine, a throttled tab): the clock
   * jumps to `at` and the timers due on the way run only then, late, once each.
   */
  sleep?: boolean;
}

export interface Scenario {
  config: ScenarioConfig;
  /** The delegate's QoS: [bitrate, startupTime, fps, droppedFrames]. */
  qos?: unknown;
  steps: ScenarioStep[];
  /** Milliseconds the replay runs to after the last step. Default: the last step's `at`. */
  runUntil?: number;
  /** The settings file served (XML). Default: the default settings. */
  settings?: string;
  /** The privacy status at the start. Default 'opted-in'. */
  privacy?: PrivacyStatus;
  /** The visitor id (`s:user:mid`, `fid`). Default REPLAY_VISITOR_ID. */
  visitorId?: string;
}

/** Methods a step may call. */
export const SCENARIO_CALLS: readonly string[] = ['trackSessionStart', 'trackPlay', 'trackPause', 'trackComplete', 'trackSessionEnd', 'trackError', 'trackEvent', 'updatePlayhead', 'updateQoEObject'];

const PRIVACY_STATUSES: readonly string[] = ['unknown', 'opted-in', 'opted-out'];

/** A scenario that cannot be replayed, with the step and field at fault. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

/** Checks the shape the replay relies on; the call arguments are left as given (item 10). */
export function readScenario(data: unknown): Scenario {
  if (data === null || typeof data !== 'object') throw new ScenarioError('scenario: expected a JSON object');
  const scenario = data as Scenario;
  if (scenario.config === null || typeof scenario.config !== 'object') throw new ScenarioError('scenario.config: expected an object');
  if (!Array.isArray(scenario.steps)) throw new ScenarioError('scenario.steps: expected an array');
  if (scenario.runUntil !== undefined && !isTime(scenario.runUntil)) throw new ScenarioError('scenario.runUntil: expected milliseconds');
  if (scenario.privacy !== undefined && !PRIVACY_STATUSES.includes(scenario.privacy)) {
    throw new ScenarioError(`scenario.privacy: expected one of ${PRIVACY_STATUSES.join(', ')}`);
  }
  let previousAt = 0;
  scenario.steps.forEach((step, index) => {
    const where = `scenario.steps[${index}]`;
    if (step === null || typeof step !== 'object') throw new ScenarioError(`${where}: expected an object`);
    if (!isTime(step.at) || step.at < previousAt) throw new ScenarioError(`${where}.at: expected milliseconds, not before the previous step`);
    if (step.call !== undefined && !SCENARIO_CALLS.includes(step.call)) {
      throw new ScenarioError(`${where}.call: '${String(step.call)}' is not a tracker method (${SCENARIO_CALLS.join(', ')})`);
    }
    if (step.privacy !== undefined && !PRIVACY_STATUSES.includes(step.privacy)) {
      throw new ScenarioError(`${where}.privacy: expected one of ${PRIVACY_STATUSES.join(', ')}`);
    }
    if (step.sleep !== undefined && typeof step.sleep !== 'boolean') throw new ScenarioError(`${where}.sleep: expected true or false`);
    previousAt = step.at;
  });
  return scenario;
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
