/**
 * Chapters, bitrate changes, timed metadata and the values a player pushes (updatePlayhead,
 * updateQoEObject). Chapters are not states: their keys ride on every heartbeat while open
 * (wire §2), between a `chapter_start` and a `chapter_complete`; each chapter event closes and
 * reopens the reported state around its own heartbeat (RULES 8-12).
 */
import { positionId } from './ad-calls.js';
import type { HeartbeatChapter } from '@mesura/protocol';
import { checkChapterObject, type ChapterObject } from './chapter.js';
import { DUPLICATE_CHAPTER, INVALID_CHAPTER_OBJECT, INVALID_QOS_OBJECT, INVALID_TIMED_METADATA_OBJECT, invalidInputData } from './errors.js';
import { normalise, sameObject } from './input-checks.js';
import { checkQoSObject, heartbeatQoS } from './qos.js';
import type { StepContext } from './step-context.js';
import { checkTimedMetadata } from './timed-metadata.js';
import { checkpoint } from './playback-reporter.js';
import type { CallArgs, OpenChapter, SessionState } from './tracker-state.js';

export function chapterStart(ctx: StepContext, s: SessionState, { info, contextData }: CallArgs): void {
  const chapter = ctx.accept(checkChapterObject(info), INVALID_CHAPTER_OBJECT);
  if (chapter === undefined) return;
  if (s.chapter !== undefined && sameObject(s.chapter.info, chapter)) return ctx.refuse(DUPLICATE_CHAPTER);
  const metadata = ctx.metadata(contextData);
  if (s.reported?.state === 'start') return restartChapterInStart(ctx, s, chapter, metadata);
  // RULES 9: a chapter started over an open one skips it first (no `chapter_complete`).
  if (s.chapter !== undefined) chapterSkip(ctx, s);
  checkpoint(ctx, s, () => {
    s.chapter = openChapter(ctx, s, chapter, metadata);
    ctx.event(s, 'chapter_start', 'main', { ...s.metadata, ...metadata });
  });
}

/**
 * RULES 10, 31: a chapter that starts while the session is in `start` (before the first play, in
 * the preroll wait, at an idle resume) drops the time spent in `start` so far: `start` 0 with the
 * new chapter's keys, then `chapter_start`.
 */
export function restartChapterInStart(ctx: StepContext, s: SessionState, chapter: ChapterObject, metadata: Record<string, string>): void {
  const reported = s.reported;
  if (reported === undefined) return;
  s.chapter = openChapter(ctx, s, chapter, metadata);
  reported.lastHbTs = ctx.now;
  ctx.event(s, 'start', 'main', s.metadata, { openingOf: reported.id });
  ctx.event(s, 'chapter_start', 'main', { ...s.metadata, ...metadata });
}

function openChapter(ctx: StepContext, s: SessionState, chapter: ChapterObject, metadata: Record<string, string>): OpenChapter {
  const wire: HeartbeatChapter = {
    id: positionId(s.media.id, chapter.position),
    sid: ctx.readings.freshId,
    name: chapter.name,
    position: chapter.position,
    length: chapter.length,
    offset: chapter.startTime,
  };
  return { info: chapter, wire, metadata };
}

/** RULES 8, 11: `chapter_complete` on the main asset, between the close and the reopening. */
export function chapterComplete(ctx: StepContext, s: SessionState): void {
  checkpoint(ctx, s, () => {
    ctx.event(s, 'chapter_complete');
    s.chapter = undefined;
  });
}

/** RULES 8: a skip closes and reopens the state, with no heartbeat of its own. */
export function chapterSkip(ctx: StepContext, s: SessionState): void {
  checkpoint(ctx, s, () => {
    s.chapter = undefined;
  });
}

/**
 * `bitrate_change` on the current asset with the QoS given (it then stays the current QoS), else
 * the current one; it restarts no interval (RULES 4, 15, 27).
 */
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
