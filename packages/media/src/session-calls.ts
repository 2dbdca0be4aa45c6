/**
 * The session's life (§4): start, resume after idle, complete, end, errors, and what reaches the
 * tracker from outside a call: the scheduler's tick, the settings file, the privacy status and the
 * departure of an analytics start hit.
 */
import { mediaSettingsUrl, type MediaSettings } from '@mesura/protocol';
import { MAX_SETUP_CHECK_INTERVAL_MS, PREROLL_WAIT_MS, UNKNOWN_ERROR_ID } from './constants.js';
import type { PrivacyStatus } from './deps.js';
import {
  INVALID_MEDIA_OBJECT,
  PRIVACY_BLOCKS_SESSION,
  PRIVACY_OPTED_OUT,
  TRACKING_DISABLED,
  audioNeedsNewerLibrary,
} from './errors.js';
import { checkMediaObject } from './media-object.js';
import { supportsAudio } from './measurement-version.js';
import { closeReported, commit, desiredPlace, idleCheck, openPlace, periodicHeartbeat } from './playback-reporter.js';
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
    metadata: { ...ctx.metadata(contextData), ...checked.standardMetadata },
    prerollWaitMs: checked.prerollTrackingWaitingTime ?? PREROLL_WAIT_MS,
    player: 'none',
    buffering: false,
    seeking: false,
    started: false,
    contentPlayed: false,
    completed: false,
    idle: false,
    prevTs: {},
    nextSettingsCheckAt: ctx.now + state.settings.setupCheckIntervalMs,
  };
  state.session = session;
  // Wire §2: "Each session start fetches the settings file."
  const { trackingServer, ssl, publisher } = state.setup;
  ctx.effect({ type: 'fetch-settings', url: mediaSettingsUrl(trackingServer, ssl, publisher, ctx.now) });
  announce(ctx, session, checked.resumed === true);
}

/**
 * The analytics start hit, `start` (and `resume`), opening the start state. `aa_start` follows
 * once the hit has left (analyticsSent).
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
  ctx.event(s, 'start', 'main', s.metadata);
  if (resumed) ctx.event(s, 'resume');
  openPlace(ctx, s, { asset: 'main', state: 'start' }, ctx.now, ctx.playhead(s), ctx.qos(s));
}

/**
 * A play after the idle timer ended the session (§9 "idle … a later play resumes it"): a new
 * session id, the start hit, `start`, `resume`, then play at once (no preroll wait: the content
 * was already playing), without fetching the settings again (wire §2).
 */
export function resume(ctx: StepContext, s: SessionState): void {
  s.sid = ctx.readings.freshId;
  s.prevTs = {};
  s.contentPlayed = false;
  s.idle = false;
  s.player = 'playing';
  announce(ctx, s, true);
  s.started = true;
  commit(ctx, s, desiredPlace(s), ctx.now, ctx.playhead(s), ctx.qos(s));
}

/**
 * §4 "Completing the session first skips the open ad, completes the ad break, skips the chapter,
 * ends the media"; wire §2 "Complete forces the playhead to the length (an extra play of duration
 * 0 when it moves) and sends complete".
 */
export function complete(ctx: StepContext, s: SessionState): void {
  if (!s.idle) {
    finishContent(ctx, s);
    const length = s.media.length;
    const qos = ctx.qos(s);
    if (length > 0 && Math.floor(ctx.playhead(s)) !== length) {
      ctx.heartbeat(s, { type: 'play', asset: 'main', ts: ctx.now, duration: 0, playhead: length, qos });
    }
    ctx.heartbeat(s, { type: 'complete', asset: 'main', ts: ctx.now, duration: 0, playhead: Math.max(length, 0), qos });
  }
  s.completed = true;
}

/** trackSessionEnd: `end`, unless complete or the idle timer already ended it (then nothing). */
export function sessionEnd(ctx: StepContext, s: SessionState): void {
  if (!s.completed && !s.idle) {
    finishContent(ctx, s);
    ctx.event(s, 'end');
  }
  ctx.state.session = undefined;
}

/** Closes whatever is reported (the open ad's play, the break's gap, the content's state). */
function finishContent(ctx: StepContext, s: SessionState): void {
  closeReported(ctx, s);
  s.ad = undefined;
  s.adBreak = undefined;
  s.chapter = undefined;
  s.prerollDueAt = undefined;
}

/** Wire §2: "`error` carries `s:event:id`, playhead 0, bitrate and fps 0, and the startup time". */
export function trackError(ctx: StepContext, s: SessionState, { errorId }: CallArgs): void {
  // §8 "error without ID tracked as unknown_error_id".
  const id = typeof errorId === 'string' && errorId !== '' ? errorId : UNKNOWN_ERROR_ID;
  const qos = { ...ctx.qos(s), bitrate: 0, fps: 0 };
  ctx.heartbeat(s, { type: 'error', asset: 'main', ts: ctx.now, duration: 0, playhead: 0, qos, errorId: id });
}

/** The scheduler's tick: the idle timer, periodic heartbeats, the settings check. */
export function tick(ctx: StepContext): void {
  const s = ctx.state.session;
  if (s === undefined || s.completed || s.idle) return;
  idleCheck(ctx, s);
  periodicHeartbeat(ctx, s);
  if (ctx.now >= s.nextSettingsCheckAt) {
    const { trackingServer, ssl, publisher } = ctx.state.setup;
    ctx.effect({ type: 'fetch-settings', url: mediaSettingsUrl(trackingServer, ssl, publisher, ctx.now) });
    s.nextSettingsCheckAt = ctx.now + ctx.state.settings.setupCheckIntervalMs;
  }
}

/** The start hit of the session (or of its open ad) left: `aa_start` (`aa_ad_start`) follows. */
export function analyticsSent(ctx: StepContext, sid: string, adSid: string | undefined): void {
  const s = ctx.state.session;
  if (s === undefined || s.sid !== sid || s.completed || s.idle) return;
  if (adSid === undefined) ctx.event(s, 'aa_start');
  else if (s.ad?.sid === adSid) ctx.event(s, 'aa_ad_start', 'ad');
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
  ctx.effect({ type: 'discard-queue' });
  ctx.effect({ type: 'remember-disabled', untilMs: ctx.now + state.settings.setupCheckIntervalMs });
}

/** §4: nothing leaves until opt-in (the adapter holds the queue); opt-out ends the session. */
export function applyPrivacy(ctx: StepContext, status: PrivacyStatus): void {
  const { state } = ctx;
  const before = state.privacy;
  state.privacy = status;
  if (status !== 'opted-out' || before === 'opted-out') return;
  ctx.effect({ type: 'discard-queue' });
  if (state.session === undefined) return;
  state.session = undefined;
  ctx.log('info', PRIVACY_OPTED_OUT);
}
