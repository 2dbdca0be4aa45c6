/**
 * The media tracker's state, inputs and effects, as plain data. The step (tracker-step.ts) takes a
 * state, one input and what the adapter read at that moment (Readings) and returns the next state
 * and the effects; the adapter (media-tracker.ts) runs them. Nothing here reads a clock or sends.
 */
import type { Heartbeat, HeartbeatAd, HeartbeatAssetType, HeartbeatChapter, HeartbeatQoS, MediaSettings } from '@mesura/protocol';
import type { AdBreakObject } from './ad-break.js';
import type { AdObject } from './ad.js';
import type { ChapterObject } from './chapter.js';
import type { MediaObject } from './media-object.js';
import type { AdStartInfo, MediaStartInfo } from './media-analytics.js';
import type { CustomerIds, LogLevel, PrivacyStatus } from './deps.js';

/** What the tracker was set up with (config and the analytics source), fixed for its life. */
export interface Setup {
  trackingServer: string;
  publisher: string;
  playerName: string;
  channel?: string;
  appVersion?: string;
  ovp?: string;
  ssl: boolean;
  /** The analytics source's report suite and server (`s:sc:rsid`, `s:sc:tracking_server`). */
  reportSuite: string;
  analyticsServer: string;
  /** The analytics source's https (`h:sc:ssl`; MediaAnalytics.ssl says why it is not `ssl`). */
  analyticsSsl: boolean;
  /** The analytics source's measurement version (§5 audio check). */
  measurementVersion: string;
}

/**
 * The settings file's values the tracker acts on, in its units (§7 "Video settings"). The file's
 * other two, track external errors and nielsen enabled, concern the players and the audience
 * measurement (spec §7 "Video settings"); @mesura/protocol's parseMediaSettings reads them.
 */
export interface TrackerSettings {
  trackingIntervalMs: number;
  setupCheckIntervalMs: number;
}

/**
 * The state a playback is reported in (protocol's heartbeat-cadence.ts): `gap` is an ad break
 * with no ad playing (reported as main `buffer`); `seek` is reported as `pause`; `stall` is a
 * main play whose playhead stopped (RULES 23).
 */
export type PlaybackState = 'start' | 'play' | 'pause' | 'buffer' | 'seek' | 'gap' | 'stall';

export interface Place {
  asset: HeartbeatAssetType;
  state: PlaybackState;
}

/** The state being reported now. */
export interface Reported extends Place {
  /** Tags this state's opening heartbeat in the outbox, so that its close can find it (RULES 6). */
  id: number;
  /** When the player entered it (epoch ms): the idle timer counts from here; chapters keep it. */
  since: number;
  /** Its last heartbeat; the next one reports the time since. */
  lastHbTs: number;
  /** The main playhead at that heartbeat (the drift check of §9). */
  lastPlayhead: number;
  /** The QoS at that heartbeat: a periodic heartbeat reports the QoS of its interval's start. */
  qosAtLastHb: HeartbeatQoS;
  /** The nominal time of the next periodic heartbeat; absent for `start`. */
  nextPeriodicAt?: number;
}

/** The playhead poll of RULES 23 and 25 (playhead-poll.ts). */
export interface PlayheadPoll {
  /** When the next poll is due; absent before the first play. */
  nextAt?: number;
  /** The playhead at the previous poll in main play; undefined at the first one. */
  lastPlayhead?: number;
  /** Polls in a row in main play that found the playhead where it was. */
  stalledPolls: number;
}

/** A request waiting in the outbox for the send clock (outbox.ts). */
export interface Outgoing {
  request: Request;
  /** Epoch ms it was queued at (its event's time). */
  queuedAt: number;
  /** The Reported.id whose opening heartbeat (duration 0) this is. */
  openingOf?: number;
  /** The main `play` 0 of a break replacing a break: withdrawn by an AdStart (RULES 18). */
  withdrawnByAdStart?: boolean;
}

export interface OpenAd {
  info: AdObject;
  /** `s:asset:ad_sid`. */
  sid: string;
  /** The ad and its break as ad heartbeats carry them. */
  wire: HeartbeatAd;
  /** Custom and standard ad metadata, sent on the ad's `start`. */
  metadata: Record<string, string>;
  /** `l:event:prev_ts` by event type: each ad is a new asset (wire §2), its first of a type has -1. */
  prevTs: Record<string, number>;
}

export interface OpenChapter {
  info: ChapterObject;
  /** The chapter as every heartbeat carries it while it is open (id, sid, name, position…). */
  wire: HeartbeatChapter;
  metadata: Record<string, string>;
}

export interface OpenAdBreak {
  info: AdBreakObject;
  /** `s:asset:pod_id`: `{md5(content id)}_{position}`. */
  podId: string;
}

export interface SessionState {
  /** `s:event:sid`; a new one when an idle session resumes. */
  sid: string;
  media: MediaObject;
  /** Custom and standard metadata, sent on `start` heartbeats and the analytics start hit. */
  metadata: Record<string, string>;
  prerollWaitMs: number;
  /** What the player last said it does; `none` before its first play. */
  player: 'none' | 'playing' | 'paused';
  buffering: boolean;
  seeking: boolean;
  /** The `start` state is over: the first play was reported or a (preroll) ad break began. */
  started: boolean;
  /** Milliseconds the session spent in `start`: the startup time of `error` (RULES 28-29). */
  startupMs: number;
  /**
   * The playhead poll saw main play progress once: the `play` that reports it is sent once per
   * trackSessionStart, not again after an idle resume (RULES 25).
   */
  progressSeen: boolean;
  /** Playing, but the poll found the playhead standing (RULES 23). */
  stalled: boolean;
  poll: PlayheadPoll;
  /** The next Reported.id. */
  nextStateId: number;
  completed: boolean;
  /** Ended by the idle timer: nothing is reported until a play resumes it. */
  idle: boolean;
  /** When the deferred first play takes effect (§4 preroll wait). */
  prerollDueAt?: number;
  adBreak?: OpenAdBreak;
  ad?: OpenAd;
  chapter?: OpenChapter;
  reported?: Reported;
  /** `l:event:prev_ts` of the main asset by event type (an open ad keeps its own, OpenAd.prevTs). */
  prevTs: Record<string, number>;
  /** Values the player pushed (updatePlayhead, updateQoEObject, BitrateChange); they win over the delegate's. */
  pushedPlayhead?: number;
  pushedQoS?: HeartbeatQoS;
  timedMetadata?: string;
  nextSettingsCheckAt: number;
}

export interface TrackerState {
  setup: Setup;
  settings: TrackerSettings;
  privacy: PrivacyStatus;
  /** §4 "Remote disabling of tracking ends the session and blocks new ones": for this page. */
  disabled: boolean;
  /** A disabling an earlier page remembered (remote-disabling.ts), epoch ms it lasts until. */
  disabledUntil?: number;
  /** The tracker hit an internal error: every later call is dropped with 'Internal error'. */
  failed: boolean;
  session?: SessionState;
  /** Requests waiting for the send clock, oldest first (outbox.ts). */
  outbox: Outgoing[];
}

/** What the adapter read just before the step: the clock, the player, the visitor. */
export interface Readings {
  now: number;
  /** The delegate's playback time, seconds. */
  playhead: number;
  /** The delegate's QoS, in wire units. */
  qos: HeartbeatQoS;
  /** A new session id (epoch ms + random digits), used if the step opens a session, ad or chapter. */
  freshId: string;
  visitorId?: string;
  customerIds?: CustomerIds;
}

/** The arguments a call may carry, by name; each handler reads its own. */
export interface CallArgs {
  info?: unknown;
  contextData?: unknown;
  errorId?: unknown;
  seconds?: unknown;
  qos?: unknown;
}

export type TrackerCall =
  | { call: 'trackSessionStart'; media: unknown; contextData?: unknown }
  | { call: 'trackPlay' | 'trackPause' | 'trackComplete' | 'trackSessionEnd' }
  | { call: 'trackError'; errorId?: unknown }
  | { call: 'trackEvent'; event: unknown; info?: unknown; contextData?: unknown }
  | { call: 'updatePlayhead'; seconds: unknown }
  | { call: 'updateQoEObject'; qos: unknown };

export type Input =
  | ({ type: 'call' } & TrackerCall)
  /** The send clock's tick (SCHEDULER_TICK_MS from the session start). */
  | { type: 'tick' }
  /** A deferred first play or a playhead poll fell due (session-calls.ts nextWakeAt). */
  | { type: 'wake' }
  | { type: 'settings'; settings: MediaSettings }
  | { type: 'privacy'; status: PrivacyStatus };

/** A request waiting in the work queue. */
export type Request = { kind: 'heartbeat'; heartbeat: Heartbeat } | { kind: 'media-start'; info: MediaStartInfo } | { kind: 'ad-start'; info: AdStartInfo };

export type Effect =
  /** The request leaves now (or, privacy unknown, waits in the work queue). */
  | { type: 'send'; request: Request }
  /** A session started: the send clock ticks from now (RULES 2). */
  | { type: 'restart-send-clock' }
  | { type: 'log'; level: LogLevel; message: string }
  | { type: 'fetch-settings'; url: string }
  /** Drop every request not sent yet (opt-out, remote disabling). */
  | { type: 'discard-queue' }
  /** Remember the remote disabling in storage, so that the next pages start no session. */
  | { type: 'remember-disabled'; untilMs: number };

export interface StepResult {
  state: TrackerState;
  effects: Effect[];
}
