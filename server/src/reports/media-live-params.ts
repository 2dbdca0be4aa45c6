/** The live reports' own parameters, checked: `day` (YYYY-MM-DD) and `channel` (a slug with a guide). */
import { ERRORS, HttpError } from '../http/errors.js';
import { guideChannels } from './media-channel-names.js';

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

/** `channel`, when given: one of the guide's channels and stations. */
export function channelParam(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!guideChannels().includes(value)) throw new HttpError(ERRORS.badQuery, `channel must be one of ${guideChannels().join(', ')}`);
  return value;
}
