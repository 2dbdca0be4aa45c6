/** Timed metadata (spec §3 "Timed metadata: non-empty string"), e.g. an ID3 tag of a live stream. */
import { DATA_CANNOT_BE_NULL, invalidInputData } from './errors.js';
import type { Checked } from './input-checks.js';

export function createTimedMetadataObject(text: string): string {
  return text;
}

export function checkTimedMetadata(data: unknown): Checked<string> {
  if (data === null || data === undefined) return { ok: false, error: DATA_CANNOT_BE_NULL, warnings: [] };
  return typeof data === 'string' && data !== '' ? { ok: true, value: data, warnings: [] } : { ok: false, error: invalidInputData('timedMetadata', 'a non-empty string'), warnings: [] };
}
