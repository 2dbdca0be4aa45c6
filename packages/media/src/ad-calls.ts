/**
 * Ad breaks and ads (§4 session rules, wire §2 "Ads"). Inside a break the content waits: the time
 * with no ad playing is the break's gap (main `buffer`), an ad reports on the ad asset every
 * second, and the content plays again when the break completes, even without a play call.
 */
import { checkAdBreakObject } from './ad-break.js';
import { checkAdObject } from './ad.js';
import { sameObject } from './input-checks.js';
import { DUPLICATE_AD, DUPLICATE_AD_BREAK, INVALID_AD_BREAK_OBJECT, INVALID_AD_OBJECT } from './errors.js';
import { md5 } from './md5.js';
import { withdrawForAdStart } from './outbox.js';
import { desiredPlace, endStart, openPlace } from './playback-reporter.js';
import { closeState } from './state-close.js';
import type { StepContext } from './step-context.js';
import type { HeartbeatAd } from '@mesura/protocol';
import type { CallArgs, SessionState } from './tracker-state.js';

/** `{md5 of the content id}_{position}`: the pod and chapter ids of wire §2. */
export function positionId(contentId: string, position: number): string {
  return `${md5(contentId)}_${position}`;
}

export function adBreakStart(ctx: StepContext, s: SessionState, { info }: CallArgs): void {
  const adBreak = ctx.accept(checkAdBreakObject(info), INVALID_AD_BREAK_OBJECT);
  if (adBreak === undefined) return;
  if (s.adBreak !== undefined && sameObject(s.adBreak.info, adBreak)) return ctx.refuse(DUPLICATE_AD_BREAK);
  // §4: a break inside the preroll wait counts as preroll: no content play before the ads.
  s.prerollDueAt = undefined;
  if (s.ad !== undefined) {
    // RULES 18: the open ad closes, and the content's `play` 0 waits to be withdrawn by an AdStart.
    closeState(ctx, s);
    s.ad = undefined;
    if (s.player !== 'paused') ctx.event(s, 'play', 'main', undefined, { withdrawnByAdStart: true });
  } else if (!s.started) {
    endStart(ctx, s);
  } else {
    // RULES 17: the content's state closes, a pause too.
    closeState(ctx, s);
  }
  // The break replaces whatever the content was doing.
  s.buffering = s.seeking = s.stalled = false;
  s.adBreak = { info: adBreak, podId: positionId(s.media.id, adBreak.position) };
  openGap(ctx, s);
}

/** The break's time with no ad: main `buffer` (wire §2). */
function openGap(ctx: StepContext, s: SessionState): void {
  openPlace(ctx, s, { asset: 'main', state: 'gap' });
}

/**
 * RULES 13-15: the open ad's state (or the break's gap) closes; the ad's `start` and, at once, its
 * analytics hit; the ad then reports the player's state (play, or pause with no opening) every 1 s.
 */
export function adStart(ctx: StepContext, s: SessionState, { info, contextData }: CallArgs): void {
  const ad = ctx.accept(checkAdObject(info), INVALID_AD_OBJECT);
  const adBreak = s.adBreak;
  if (ad === undefined || adBreak === undefined) return;
  if (s.ad !== undefined && sameObject(s.ad.info, ad)) return ctx.refuse(DUPLICATE_AD);
  closeState(ctx, s);
  withdrawForAdStart(ctx.state.outbox, s);
  const { setup } = ctx.state;
  const wire: HeartbeatAd = {
    id: ad.adId,
    name: ad.name,
    sid: ctx.readings.freshId,
    podId: adBreak.podId,
    podName: adBreak.info.name,
    podPosition: ad.position,
    // RULES 34: ad heartbeats name the player as the resolver.
    resolver: setup.playerName,
    podOffset: adBreak.info.startTime,
    length: ad.length,
  };
  const metadata = ctx.metadata(contextData);
  s.ad = { info: ad, sid: wire.sid, wire, metadata, prevTs: {} };
  s.buffering = s.seeking = false;
  const { sid: sessionId, media } = s;
  ctx.send({ kind: 'ad-start', info: { sessionId, mediaId: media.id, playerName: setup.playerName, ad: wire, metadata } });
  ctx.event(s, 'start', 'ad', { ...s.metadata, ...metadata });
  ctx.event(s, 'aa_ad_start', 'ad');
  openPlace(ctx, s, desiredPlace(s), { silent: true });
}

/** RULES 13: the ad's state closes with its partial time, then `complete`; the break's gap follows. */
export function adComplete(ctx: StepContext, s: SessionState): void {
  endAd(ctx, s, true);
}

export function adSkip(ctx: StepContext, s: SessionState): void {
  endAd(ctx, s, false);
}

function endAd(ctx: StepContext, s: SessionState, completed: boolean): void {
  closeState(ctx, s);
  if (completed) ctx.event(s, 'complete', 'ad');
  s.ad = undefined;
  openGap(ctx, s);
}
