/**
 * The session's life (§4): start, resume after idle, complete, end, errors, and what reaches the
 * tracker from outside a call: the send clock's tick, the settings file, the privacy status.
 */
import { mediaSettingsUrl, type MediaSettings } from '@mesura/protocol';
import { MAX_SETUP_CHECK_INTERVAL_MS, PREROLL_WAIT_MS, UNKNOWN_ERROR_ID } from './constants.js';
import type { PrivacyStatus } from './deps.js';
import { INVALID_MEDIA_OBJECT, PRIVACY_BLOCKS_SESSION, PRIVACY_OPTED_OUT, TRACKING_DISABLED, audioNeedsNewerLibrary } from './errors.js';
import { checkMediaObject } from './media-object.js';
import { NO_QOS } from './qos.js';
import { supportsAudio } from './measurement-version.js';
import { advance, checkpoint, commitFirstPlay, openPlace } from './playback-reporter.js';
import { pollIfDue } from './playhead-poll.js';
import { closeState } from './state-close.js';
import { restartChapterInStart } from './stream-calls.js';
import { fireTimers } from './timed-heartbeats.js';
import type { StepContext } from './step-context.js';
import type { CallArgs, SessionState } from './tracker-state.js';

/** trackSessionStart, once ruleRefusal let it through. */
export function sessionStart(ctx: StepContext, media: unknown, contextData: unknown): void {
  const { state } = ctx;
  if (state.disabled || (state.disabledUntil ?? 0) > ctx.now) return ctx.refuse(TRACKING_DISABLED);
  if (state.privacy === 'opted-out') return ctx.log('warn', PRIVACY_BLOCKS_SESSION);
  const checked = ctx.accept(checkMediaObject(media), INVALID_MEDIA_OBJECT);
  if (checked === undefined) return;
  if (checked.mediaType === 'audio' && !supportsAudio(state.setup.measurementVersion)) {
    return ctx.refuse(audioNeedsNewerLibrary(state.setup.measurementVersion));
  }
  const session: SessionState = {
    sid: ctx.readings.freshId,
    media: checked,
    // RULES 32-33: a standard value wins over a custom key of the same name; the stream type rides along.
    metadata: { ...ctx.metadata(contextData), ...checked.standardMetadata, 'a.media.streamType': checked.mediaType },
    prerollWaitMs: Math.max(0, checked.prerollTrackingWaitingTime ?? PREROLL_WAIT_MS),
    player: 'none',
    buffering: false,
    seeking: false,
    started: false,
    startupMs: 0,
    progressSeen: false,
    stalled: false,
    poll: { stalledPolls: 0 },
    nextStateId: 0,
    completed: false,
    idle: false,
    prevTs: {},
    nextSettingsCheckAt: ctx.now + state.settings.setupCheckIntervalMs,
  };
  state.session = session;
  // RULES 2: the send clock ticks from each session start.
  ctx.effect({ type: 'restart-send-clock' });
  // Wire §2: "Each session start fetches the settings file."
  fetchSettings(ctx);
  announce(ctx, session, checked.resumed === true);
}

/**
 * The analytics start hit and `start`, both at once (RULES 1), then `resume` when resumed; the
 * start state opens. `aa_start` is queued at the end of the step (tracker-step.ts).
 */
function announce(ctx: StepContext, s: SessionState, resumed: boolean): void {
  const { setup } = ctx.state;
  const { media } = s;
  ctx.send({
    kind: 'media-start',
    info: {
      sessionId: s.sid,
      mediaId: media.id,
      name: media.name,
      length: media.length,
      mediaType: media.mediaType,
      streamType: media.streamType,
      playerName: setup.playerName,
      channel: setup.channel,
      metadata: s.metadata,
    },
  });
  const qos = ctx.qos(s);
  ctx.heartbeat(s, { type: 'start', asset: 'main', ts: ctx.now, duration: 0, playhead: ctx.playhead(s), qos, meta: s.metadata }, { now: true });
  if (resumed) ctx.event(s, 'resume');
  ctx.announced = true;
  openPlace(ctx, s, { asset: 'main', state: 'start' }, { silent: true });
}

/**
 * A play (or BufferComplete, RULES 30) after the idle timer ended the session: a new session id,
 * the start hit, `start`, `resume`, the open chapter again (RULES 31), then play at once (no
 * preroll wait), without fetching the settings again (wire §2). The poll's first `play` is not
 * sent again (RULES 25).
 */
export function resume(ctx: StepContext, s: SessionState): void {
  s.sid = ctx.readings.freshId;
  s.prevTs = {};
  s.idle = false;
  s.player = 'playing';
  s.buffering = s.seeking = s.stalled = false;
  announce(ctx, s, true);
  if (s.chapter !== undefined) restartChapterInStart(ctx, s, s.chapter.info, s.chapter.metadata);
  commitFirstPlay(ctx, s, ctx.now);
}

/**
 * RULES 20, §4 "Completing the session first skips the open ad, completes the ad break, skips the
 * chapter": the playhead jumps to the length, one close of the state at it, then `complete`.
 */
export function complete(ctx: StepContext, s: SessionState): void {
  if (!s.idle) finishContent(ctx, s, 'complete', s.media.length);
  s.completed = true;
}

/** trackSessionEnd: `end`, unless complete or the idle timer already ended it (then nothing). */
export function sessionEnd(ctx: StepContext, s: SessionState): void {
  if (!s.completed && !s.idle) finishContent(ctx, s, 'end', ctx.playhead(s));
  ctx.state.session = undefined;
}

/**
 * RULES 19-21: the open chapter ends like a skip, the open ad's state closes (partial), the break
 * ends (the content reopens the player's state), and the content's state closes at `playhead`,
 * sent even at 0 ms; then `complete` or `end`, with the closed state's QoS (RULES 27).
 */
function finishContent(ctx: StepContext, s: SessionState, type: 'complete' | 'end', playhead: number): void {
  s.prerollDueAt = undefined;
  if (s.chapter !== undefined) {
    checkpoint(ctx, s, () => {
      s.chapter = undefined;
    });
  }
  if (s.adBreak !== undefined) endBreak(ctx, s);
  const qos = s.reported?.qosAtLastHb ?? ctx.qos(s);
  closeState(ctx, s, { final: true, playhead });
  ctx.heartbeat(s, { type, asset: 'main', ts: ctx.now, duration: 0, playhead, qos });
}

/**
 * RULES 17: the break ends (its open ad's state and its gap close) and the content reopens the
 * player's state: `play` 0 when playing, a silent `pause` when paused.
 */
export function endBreak(ctx: StepContext, s: SessionState): void {
  closeState(ctx, s);
  s.ad = undefined;
  s.adBreak = undefined;
  s.started = true;
  s.buffering = s.seeking = false;
  if (s.player !== 'paused') s.player = 'playing';
  const paused = s.player === 'paused';
  openPlace(ctx, s, { asset: 'main', state: paused ? 'pause' : 'play' }, { silent: paused });
}

/**
 * Wire §2, RULES 15, 29: `error` on the current asset, playhead 0, no bitrate, fps or dropped
 * frames, and the session's own startup time (0 before the first play); it restarts no interval.
 */
export function trackError(ctx: StepContext, s: SessionState, { errorId }: CallArgs): void {
  // §8 "error without ID tracked as unknown_error_id".
  const id = typeof errorId === 'string' && errorId !== '' ? errorId : UNKNOWN_ERROR_ID;
  const qos = { ...NO_QOS, startupTimeMs: s.startupMs };
  const asset = s.reported?.asset ?? 'main';
  ctx.heartbeat(s, { type: 'error', asset, ts: ctx.now, duration: 0, playhead: 0, qos, errorId: id });
}

/**
 * When runDue has something to do next (the deferred first play, the playhead poll), so that the
 * adapter wakes the step then: the poll must read the playhead at its own time.
 */
export function nextWakeAt(s: SessionState | undefined): number | undefined {
  if (s === undefined || s.completed || s.idle) return undefined;
  const { prerollDueAt, poll } = s;
  return prerollDueAt === undefined || (poll.nextAt ?? Infinity) < prerollDueAt ? poll.nextAt : prerollDueAt;
}

/** What falls due before any input: the deferred first play, the playhead poll. */
export function runDue(ctx: StepContext, s: SessionState): void {
  advance(ctx, s);
  pollIfDue(ctx, s);
}

/** The send clock's tick: the timers of the reported state, the settings check. */
export function tick(ctx: StepContext): void {
  const s = ctx.state.session;
  if (s === undefined || s.completed || s.idle) return;
  fireTimers(ctx, s);
  if (ctx.now >= s.nextSettingsCheckAt) {
    fetchSettings(ctx);
    s.nextSettingsCheckAt = ctx.now + ctx.state.settings.setupCheckIntervalMs;
  }
}

function fetchSettings(ctx: StepContext): void {
  const { trackingServer, ssl, publisher } = ctx.state.setup;
  ctx.effect({ type: 'fetch-settings', url: mediaSettingsUrl(trackingServer, ssl, publisher, ctx.now) });
}

/** What waits to leave, in the outbox and the adapter's work queue, is dropped. */
function discardRequests(ctx: StepContext): void {
  ctx.state.outbox = [];
  ctx.effect({ type: 'discard-queue' });
}

/** §7 "Video settings"; §4 "Remote disabling of tracking ends the session and blocks new ones". */
export function applySettings(ctx: StepContext, settings: MediaSettings): void {
  const { state } = ctx;
  state.settings = {
    trackingIntervalMs: settings.trackingIntervalS * 1000,
    // §9 "check-status interval … cap 600 s".
    setupCheckIntervalMs: Math.min(settings.setupCheckIntervalS * 1000, MAX_SETUP_CHECK_INTERVAL_MS),
  };
  if (!settings.trackingDisabled) return;
  if (!state.disabled) ctx.refuse(TRACKING_DISABLED);
  state.disabled = true;
  state.session = undefined;
  discardRequests(ctx);
  ctx.effect({ type: 'remember-disabled', untilMs: ctx.now + state.settings.setupCheckIntervalMs });
}

/** §4: nothing leaves until opt-in (the adapter holds the queue); opt-out ends the session. */
export function applyPrivacy(ctx: StepContext, status: PrivacyStatus): void {
  const { state } = ctx;
  const before = state.privacy;
  state.privacy = status;
  if (status !== 'opted-out' || before === 'opted-out') return;
  discardRequests(ctx);
  if (state.session === undefined) return;
  state.session = undefined;
  ctx.log('info', PRIVACY_OPTED_OUT);
}
