/**
 * Runs a scenario (scenario.ts) on fake time and returns what the tracker would have sent, one
 * line per request or log entry, in order (README "Replay"):
 * `{at, kind: 'heartbeat', params}`, `{at, kind: 'analytics', params}` (told apart by the beacon path), `{at, kind: 'settings',
 * url}`, `{at, kind: 'log', level, message}`. Everything that could vary between runs is fixed:
 * the clock starts at REPLAY_EPOCH_MS, random draws are seeded, the analytics client time is UTC.
 */
import { limits } from '@mesura/protocol';
import { REPLAY_EPOCH_MS, REPLAY_RANDOM_SEED, REPLAY_VISITOR_ID } from '../constants.js';
import { DEFAULT_SETTINGS_XML } from './replay-fixtures.js';
import { replayMediaAnalytics } from './replay-analytics.js';
import { createAdBreakObject } from '../ad-break.js';
import { createAdObject } from '../ad.js';
import { memoryStorage } from './memory-storage.js';
import { createChapterObject } from '../chapter.js';
import type { PrivacySource, PrivacyStatus } from '../deps.js';
import { createMediaObject, type MediaObjectOptions } from '../media-object.js';
import { createMediaTracker, type MediaTracker } from '../media-tracker.js';
import type { MediaEvent } from '../media-event.js';
import { createQoSObject } from '../qos.js';
import { ReplayPlayer } from './replay-player.js';
import { readScenario, type ScenarioStep } from './scenario.js';
import { seededRandom } from './seeded-random.js';
import { SimulatedClock, settle } from './simulated-clock.js';

export type OutputLine =
  | { at: number; kind: 'heartbeat' | 'analytics'; params: Record<string, string> }
  | { at: number; kind: 'settings'; url: string }
  | { at: number; kind: 'log'; level: string; message: string };

/** Replays `data` (a parsed scenario file); throws ScenarioError when it cannot be replayed. */
export async function runScenario(data: unknown): Promise<OutputLine[]> {
  const scenario = readScenario(data);
  const lines: OutputLine[] = [];
  const clock = new SimulatedClock(REPLAY_EPOCH_MS);
  const at = () => clock.now() - REPLAY_EPOCH_MS;
  const player = new ReplayPlayer(clock, scenario.qos);
  const privacy = replayPrivacy(scenario.privacy ?? 'opted-in');
  let networkUp = true;
  const transport = {
    send: (url: string) => {
      lines.push(requestLine(url, at()));
      return networkUp;
    },
  };
  const visitorId = scenario.visitorId ?? REPLAY_VISITOR_ID;
  const random = seededRandom(REPLAY_RANDOM_SEED);
  const { config } = scenario;
  const tracker = createMediaTracker(config, player, {
    clock,
    timers: clock,
    transport,
    fetchText: (url) => {
      lines.push({ at: at(), kind: 'settings', url });
      return Promise.resolve(scenario.settings ?? DEFAULT_SETTINGS_XML);
    },
    storage: memoryStorage(),
    privacy: privacy.source,
    visitor: { visitorId: () => visitorId },
    analytics: replayMediaAnalytics({
      reportSuites: config.reportSuite ?? '',
      trackingServer: config.analyticsServer ?? '',
      ssl: config.analyticsSsl,
      transport,
      visitorId: () => visitorId,
      now: () => clock.now(),
      random,
    }),
    log: (entry) => lines.push({ at: at(), kind: 'log', level: entry.level, message: entry.message }),
    random,
  });
  for (const step of scenario.steps) {
    if (step.sleep === true) clock.jumpTo(REPLAY_EPOCH_MS + step.at);
    await clock.advanceTo(REPLAY_EPOCH_MS + step.at);
    if (step.playhead !== undefined) player.setPlayhead(step.playhead);
    if (step.playing !== undefined) player.setPlaying(step.playing);
    if (step.qos !== undefined) player.setQoS(step.qos);
    if (step.network !== undefined) networkUp = step.network === 'up';
    if (step.privacy !== undefined) privacy.set(step.privacy);
    if (step.call !== undefined) callTracker(tracker, step);
    await settle();
  }
  const lastAt = scenario.steps.at(-1)?.at ?? 0;
  await clock.advanceTo(REPLAY_EPOCH_MS + Math.max(scenario.runUntil ?? lastAt, lastAt));
  tracker.destroy();
  return lines;
}

/** The lines as the command prints them: one JSON object a line. */
export function formatLines(lines: readonly OutputLine[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

function callTracker(tracker: MediaTracker, step: ScenarioStep): void {
  switch (step.call) {
    case 'trackSessionStart':
      return tracker.trackSessionStart(mediaOf(step.media) as never, step.contextData as never);
    case 'trackEvent':
      return tracker.trackEvent(step.event as MediaEvent, infoOf(step.info), step.contextData as never);
    case 'trackError':
      return tracker.trackError(step.errorId as never);
    case 'updatePlayhead':
      // Without `seconds` the step only moves the replayed player (the reference harness's way).
      if (step.seconds !== undefined) tracker.updatePlayhead(step.seconds as number);
      return;
    case 'updateQoEObject':
      return tracker.updateQoEObject(infoOf(step.info) as never);
    case 'trackPlay':
    case 'trackPause':
    case 'trackComplete':
    case 'trackSessionEnd':
      return tracker[step.call]();
  }
}

/** `[name, id, length, streamType, mediaType, options?]` through createMediaObject; else as given. */
function mediaOf(media: unknown): unknown {
  if (!Array.isArray(media)) return media;
  const [name, id, length, streamType, mediaType, options] = media as [string, string, number, string, string, MediaObjectOptions?];
  return createMediaObject(name, id, length, streamType, mediaType, options);
}

const INFO_FACTORIES: Readonly<Record<string, (...args: never[]) => unknown>> = {
  adBreak: createAdBreakObject,
  ad: createAdObject,
  chapter: createChapterObject,
  qos: createQoSObject,
};

/** `["adBreak" | "ad" | "chapter" | "qos", …arguments]` through its factory; else as given. */
function infoOf(info: unknown): unknown {
  if (!Array.isArray(info) || typeof info[0] !== 'string' || !Object.hasOwn(INFO_FACTORIES, info[0])) return info;
  const factory = INFO_FACTORIES[info[0]] as (...args: unknown[]) => unknown;
  return factory(...info.slice(1));
}

function requestLine(url: string, at: number): OutputLine {
  const parsed = new URL(url);
  const kind = parsed.pathname.startsWith(limits.BEACON_PATH_PREFIX) ? 'analytics' : 'heartbeat';
  const pairs = [...new URLSearchParams(parsed.search)];
  return { at, kind, params: Object.fromEntries(kind === 'analytics' ? flattenContextData(pairs) : pairs) };
}

/**
 * README "Trace conventions": a beacon's nested context data (`c.`, `a.`, `media.`, `name=x`,
 * `.media`, `.a`, `.c`) as dotted keys (`c.a.media.name`), apart from the top-level `c`.
 */
export function flattenContextData(pairs: readonly [string, string][]): [string, string][] {
  const path: string[] = [];
  const flat: [string, string][] = [];
  for (const [key, value] of pairs) {
    if (key.length > 1 && key.endsWith('.')) path.push(key.slice(0, -1));
    else if (key.length > 1 && key.startsWith('.')) path.pop();
    else flat.push([path.length > 0 ? `${path.join('.')}.${key}` : key, value]);
  }
  return flat;
}

function replayPrivacy(initial: PrivacyStatus): { source: PrivacySource; set(status: PrivacyStatus): void } {
  let status = initial;
  const listeners = new Set<() => void>();
  return {
    source: {
      status: () => status,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    set: (next) => {
      status = next;
      for (const listener of listeners) listener();
    },
  };
}
