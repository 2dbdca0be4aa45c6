/**
 * The live reports' own parameters, checked: `day` (YYYY-MM-DD) and `channel` (a slug with a
 * guide), and how the catalogue describes them to the console's controls.
 */
import type { ReportParamControl } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import { addDays, localDayIn } from '../local-day.js';
import { channelName, guideChannels } from './media-channel-names.js';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `day`, or `fallback` when absent; a real calendar day. */
export function dayParam(value: string | undefined, fallback: string): string {
  const day = value ?? fallback;
  const ms = DAY_PATTERN.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) {
    throw new HttpError(ERRORS.badQuery, `day must be a date as YYYY-MM-DD`);
  }
  return day;
}

/**
 * The day a live report reads when none is asked: the period's last whole day. Today is still
 * under way (its evening not yet broadcast), so a period that ends today and began before it reads
 * yesterday; a period of today alone reads today.
 */
export function lastWholeDay(range: { from: string; to: string }, timeZone: string, nowMs: number): string {
  const today = localDayIn(timeZone)(nowMs);
  if (range.to < today) return range.to;
  const yesterday = addDays(today, -1);
  return yesterday >= range.from ? yesterday : range.to;
}

/** `channel`, when given: one of the guide's channels and stations. */
export function channelParam(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!guideChannels().includes(value)) throw new HttpError(ERRORS.badQuery, `channel must be one of ${guideChannels().join(', ')}`);
  return value;
}

/** The `day` control: a date; absent, lastWholeDay. */
export const DAY_CONTROL: ReportParamControl = { name: 'day', kind: 'day', label: 'Dia', absentLabel: 'El darrer dia sencer del període' };

/** The `channel` control: the guide's channels and stations by name. */
export function channelControl(): ReportParamControl {
  return {
    name: 'channel',
    kind: 'choice',
    label: 'Canal o emissora',
    absentLabel: 'Tots els canals i emissores',
    choices: guideChannels().map((slug) => ({ value: slug, label: channelName(slug) })),
  };
}
