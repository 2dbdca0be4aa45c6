/**
 * What a media goal, funnel step or segment condition asks of a media session (docs/goals.md): of
 * a programme or channel, its start or its completion, on a live or an on-demand stream. Written
 * once here and read by the three definitions' parse functions, so that a goal, a step and a
 * condition of the same fields are reached by the same sessions.
 */
import type { Result } from './result.js';

/** Which moment of the session counts, member by member. */
export type MediaMoment =
  /** The session started: its analytics start hit (`pe=ms_s`). The default: a media goal, step or condition without a moment means this. */
  | 'start'
  /** The main content was played to its end: the player's `complete` (spec §4), as the media reports count completes. */
  | 'complete';

export const MEDIA_MOMENTS: readonly MediaMoment[] = ['start', 'complete'];

/** Which streams count, member by member; absent, either. */
export type MediaStream =
  /** Live television or radio. */
  | 'live'
  /** Video or audio on demand, podcasts and audiobooks. */
  | 'on-demand';

export const MEDIA_STREAMS: readonly MediaStream[] = ['live', 'on-demand'];

/** The session's stream types (`s:stream:type`, spec §3) each choice counts; a session of another type counts only for either. */
export const MEDIA_STREAM_TYPES: Readonly<Record<MediaStream, readonly string[]>> = {
  live: ['live', 'linear'],
  'on-demand': ['vod', 'podcast', 'audiobook', 'aod'],
};

/** The fields of a media goal, step or condition. */
export interface MediaCondition {
  /** Only this programme code, or channel, as the start hit carries them; any when absent. */
  programme?: string;
  channel?: string;
  /** Defaults to start. */
  moment?: MediaMoment;
  /** Defaults to either. */
  stream?: MediaStream;
}

/** The fields MediaCondition adds to a definition of type media, in the order the parse functions check them. */
export const MEDIA_CONDITION_FIELDS = ['programme', 'channel', 'moment', 'stream'] as const;

/** The fields that are a choice among names rather than text: the parse functions check them with parseMediaChoice. */
export const MEDIA_CHOICE_FIELDS: readonly string[] = ['moment', 'stream'];

/** `moment` and `stream` of a submitted media goal, step or condition, or a one-line reason starting with `prefix`. */
export function parseMediaChoice(body: Record<string, unknown>, prefix = ''): Result<Pick<MediaCondition, 'moment' | 'stream'>> {
  const { moment, stream } = body;
  if (moment !== undefined && !MEDIA_MOMENTS.includes(moment as MediaMoment)) return { ok: false, reason: `${prefix}moment must be one of ${MEDIA_MOMENTS.join(', ')}` };
  if (stream !== undefined && !MEDIA_STREAMS.includes(stream as MediaStream)) return { ok: false, reason: `${prefix}stream must be one of ${MEDIA_STREAMS.join(', ')}` };
  return { ok: true, value: { ...(moment !== undefined && { moment: moment as MediaMoment }), ...(stream !== undefined && { stream: stream as MediaStream }) } };
}
