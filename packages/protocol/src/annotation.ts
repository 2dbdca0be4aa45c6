/**
 * An annotation: a dated note on the time charts of the console ("election night", "outage"),
 * written by a signed-in person and shown to the whole team (docs/console.md "Notes"). It marks a
 * day, or a minute of it, on the wall clock of the report zone, as the charts' steps are. The
 * server stores it with its author and checks every draft with `parseAnnotationDraft`; the console
 * builds drafts with the same types and limits.
 */
import type { Result } from './result.js';

/** Longest note text: a line a chart's tooltip and the notes list can show whole. */
export const ANNOTATION_TEXT_MAX_CHARS = 280;
/** Most notes one site keeps: every chart reads them whole for its range. */
export const ANNOTATIONS_MAX = 5_000;

/** What a person writes: the day, optionally its minute, and the text. */
export interface AnnotationDraft {
  /** YYYY-MM-DD in the report zone. */
  day: string;
  /** HH:MM in the report zone, when the note marks a moment of the day. */
  time?: string;
  text: string;
}

/** A note as stored and answered. */
export interface Annotation extends AnnotationDraft {
  /** The server's id: lower-case hex. */
  id: string;
  /** The e-mail of who wrote it. */
  author: string;
  /** ISO 8601: when it was written or last changed. */
  updatedAt: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isAnnotationDay(day: unknown): day is string {
  return typeof day === 'string' && DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
}

/** A draft from untrusted JSON, or the one reason it is refused. */
export function parseAnnotationDraft(value: unknown): Result<AnnotationDraft> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refusal('a note is an object with day, text and optionally time');
  const { day, time, text, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) return refusal(`unknown field '${extra}'; a note has day, time and text`);
  if (!isAnnotationDay(day)) return refusal('day must be a date written YYYY-MM-DD');
  if (time !== undefined && (typeof time !== 'string' || !TIME.test(time))) return refusal('time must be HH:MM, from 00:00 to 23:59');
  if (typeof text !== 'string' || text.trim() === '') return refusal('text must say something');
  if (text.length > ANNOTATION_TEXT_MAX_CHARS) return refusal(`text is longer than ${ANNOTATION_TEXT_MAX_CHARS} characters; say it shorter`);
  if (/[\u0000-\u001f\u007f]/.test(text)) return refusal('text must be one line without control characters');
  return { ok: true, value: { day, ...(time !== undefined && { time }), text: text.trim() } };
}

function refusal(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
