/**
 * Chapters, bitrate changes, timed metadata and the values a player pushes (updatePlayhead,
 * updateQoEObject). Chapters are not states: their keys ride on every heartbeat while open
 * (wire §2), between a `chapter_start` and a `chapter_complete`.
 */
import { positionId } from './ad-calls.js';
import { checkChapterObject } from './chapter.js';
import {
  DUPLICATE_CHAPTER,
  INVALID_CHAPTER_OBJECT,
  INVALID_QOS_OBJECT,
  INVALID_TIMED_METADATA_OBJECT,
  invalidInputData,
} from './errors.js';
import { normalise, sameObject } from './input-checks.js';
import { checkQoSObject, heartbeatQoS } from './qos.js';
import type { StepContext } from './step-context.js';
import { checkTimedMetadata } from './timed-metadata.js';
import type { CallArgs, SessionState } from './tracker-state.js';

export function chapterStart(ctx: StepContext, s: SessionState, { info, contextData }: CallArgs): void {
  const chapter = ctx.accept(checkChapterObject(info), INVALID_CHAPTER_OBJECT);
  if (chapter === undefined) return;
  if (s.chapter !== undefined && sameObject(s.chapter.info, chapter)) return ctx.refuse(DUPLICATE_CHAPTER);
  // §4 "a new chapter skips the current one": it just stops riding on heartbeats.
  const metadata = ctx.metadata(contextData);
  s.chapter = {
    info: chapter,
    wire: {
      id: positionId(s.media.id, chapter.position),
      sid: ctx.readings.freshId,
      name: chapter.name,
      position: chapter.position,
      length: chapter.length,
      offset: chapter.startTime,
    },
    metadata,
  };
  ctx.event(s, 'chapter_start', 'main', metadata);
  // Wire §2: "A chapter started inside the window adds an extra main `start` (duration 0)."
  if (s.reported?.state === 'start') ctx.event(s, 'start', 'main', s.metadata);
}

export function chapterComplete(ctx: StepContext, s: SessionState): void {
  ctx.event(s, 'chapter_complete');
  s.chapter = undefined;
}

export function chapterSkip(_ctx: StepContext, s: SessionState): void {
  s.chapter = undefined;
}

/** `bitrate_change` with the QoS given (it then stays the current QoS), else the current one. */
export function bitrateChange(ctx: StepContext, s: SessionState, { info }: CallArgs): void {
  if (info !== undefined && !pushQoS(ctx, s, info)) return;
  ctx.event(s, 'bitrate_change', s.reported?.asset ?? 'main');
}

export function timedMetadataUpdate(ctx: StepContext, s: SessionState, { info }: CallArgs): void {
  const text = ctx.accept(checkTimedMetadata(info), INVALID_TIMED_METADATA_OBJECT);
  // Kept for audience measurement (spec §4); heartbeats do not carry it.
  if (text !== undefined) s.timedMetadata = text;
}

export function updatePlayhead(ctx: StepContext, s: SessionState, { seconds }: CallArgs): void {
  const playhead = normalise(seconds, 'number');
  if (typeof playhead === 'number') s.pushedPlayhead = playhead;
  else ctx.refuse(invalidInputData('playhead', 'a number'));
}

export function updateQoEObject(ctx: StepContext, s: SessionState, { qos }: CallArgs): void {
  pushQoS(ctx, s, qos);
}

function pushQoS(ctx: StepContext, s: SessionState, data: unknown): boolean {
  const qos = ctx.accept(checkQoSObject(data), INVALID_QOS_OBJECT);
  if (qos !== undefined) s.pushedQoS = heartbeatQoS(qos);
  return qos !== undefined;
}
