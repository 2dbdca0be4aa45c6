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
import { closeReported, openPlace, reconcile } from './playback-reporter.js';
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
  if (s.adBreak !== undefined) {
    // §4 "a new ad break completes the previous" (its open ad skipped): its gap or ad closes.
    closeReported(ctx, s);
    s.ad = undefined;
  }
  // §4: a break inside the preroll wait counts as preroll: no content play before the ads.
  s.prerollDueAt = undefined;
  // The break replaces whatever the content was doing.
  s.buffering = false;
  s.seeking = false;
  s.adBreak = { info: adBreak, podId: positionId(s.media.id, adBreak.position), contentPlayhead: ctx.playhead(s) };
  reconcile(ctx, s);
}

export function adBreakComplete(ctx: StepContext, s: SessionState): void {
  if (s.ad !== undefined) {
    closeReported(ctx, s);
    s.ad = undefined;
  }
  s.adBreak = undefined;
  s.started = true;
  s.player = 'playing';
  s.buffering = false;
  s.seeking = false;
  reconcile(ctx, s);
}

export function adStart(ctx: StepContext, s: SessionState, { info, contextData }: CallArgs): void {
  const ad = ctx.accept(checkAdObject(info), INVALID_AD_OBJECT);
  const adBreak = s.adBreak;
  if (ad === undefined || adBreak === undefined) return;
  if (s.ad !== undefined && sameObject(s.ad.info, ad)) return ctx.refuse(DUPLICATE_AD);
  // §4 "a new ad skips the current one" (no heartbeat of its own); else the break's gap ends.
  closeReported(ctx, s);
  const wire: HeartbeatAd = {
    id: ad.adId,
    name: ad.name,
    sid: ctx.readings.freshId,
    podId: adBreak.podId,
    podName: adBreak.info.name,
    podPosition: ad.position,
    podOffset: adBreak.info.startTime,
    length: ad.length,
  };
  s.ad = { info: ad, sid: wire.sid, wire, metadata: ctx.metadata(contextData), prevTs: {} };
  s.player = 'playing';
  s.buffering = false;
  s.seeking = false;
  const { sid: sessionId, media } = s;
  ctx.send({ kind: 'ad-start', info: { sessionId, mediaId: media.id, playerName: ctx.state.setup.playerName, ad: wire, metadata: s.ad.metadata } });
  ctx.event(s, 'start', 'ad', s.ad.metadata);
  // The ad's `start` opens its play: the first ad `play` comes a second later.
  openPlace(ctx, s, { asset: 'ad', state: 'play' }, ctx.now, ctx.playhead(s), ctx.qos(s), true);
}

export function adComplete(ctx: StepContext, s: SessionState): void {
  // Wire §2: no duration-0 `play` before an ad's `complete` (its last heartbeat was this very ms).
  if (s.reported?.asset === 'ad' && s.reported.lastHbTs >= ctx.now) s.reported = undefined;
  closeReported(ctx, s);
  ctx.event(s, 'complete', 'ad');
  s.ad = undefined;
  reconcile(ctx, s);
}

export function adSkip(ctx: StepContext, s: SessionState): void {
  closeReported(ctx, s);
  s.ad = undefined;
  reconcile(ctx, s);
}
