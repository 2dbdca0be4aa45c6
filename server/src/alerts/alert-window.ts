/**
 * The window a check measures and the same window of each week before: the last hour that closed
 * ALERT_SETTLE_MS ago or more, or, for a daily figure, the last full local day. A week back is
 * 7 × 24 hours back, so across a change of summer time the hour compared is one off, once a year.
 */
import { lastFullPeriod } from '../subscriptions/mail-periods.js';
import { ALERT_SETTLE_MS } from './alert-limits.js';

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
const DAY_MS = 86_400_000;

/** An hour as epoch ms, end excluded; or a local day. */
export type AlertWindow = { kind: 'hour'; fromMs: number; toMs: number } | { kind: 'day'; day: string };

export function currentWindow(step: 'hour' | 'day', nowMs: number, timeZone: string): AlertWindow {
  if (step === 'day') return { kind: 'day', day: lastFullPeriod('daily', nowMs - ALERT_SETTLE_MS, timeZone).from };
  const toMs = Math.floor((nowMs - ALERT_SETTLE_MS) / HOUR_MS) * HOUR_MS;
  return { kind: 'hour', fromMs: toMs - HOUR_MS, toMs };
}

export function weeksBefore(window: AlertWindow, weeks: number): AlertWindow {
  if (window.kind === 'hour') return { kind: 'hour', fromMs: window.fromMs - weeks * WEEK_MS, toMs: window.toMs - weeks * WEEK_MS };
  return { kind: 'day', day: new Date(Date.parse(`${window.day}T00:00:00Z`) - weeks * 7 * DAY_MS).toISOString().slice(0, 10) };
}

/** A key that names the window, to check each once. */
export const windowKey = (window: AlertWindow) => (window.kind === 'hour' ? String(window.fromMs) : window.day);

/** The window's bounds as ISO 8601 (a day's as the day itself). */
export function windowBounds(window: AlertWindow): { from: string; to: string } {
  if (window.kind === 'day') return { from: window.day, to: window.day };
  return { from: new Date(window.fromMs).toISOString(), to: new Date(window.toMs).toISOString() };
}

/**
 * The window's bound parameters for its figure's query. An hour also names the days around it
 * (`$from`, `$to`): both engines keep events by local day, which lets a read skip the others; the
 * hour's local day is within a UTC day of it on either side, whatever the report zone.
 */
export function windowValues(window: AlertWindow): Record<string, number | string> {
  if (window.kind === 'day') return { day: window.day };
  const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from_ms: window.fromMs, to_ms: window.toMs, from: utcDay(window.fromMs - DAY_MS), to: utcDay(window.toMs + DAY_MS) };
}
