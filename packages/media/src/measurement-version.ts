/** §5 "Audio tracking needs measurement library 2.11.0 or newer". */
import { MIN_AUDIO_MEASUREMENT_VERSION } from './constants.js';

/** Whether `version` (dotted numbers; a prefix such as `JS-` is ignored) is 2.11.0 or newer. */
export function supportsAudio(version: string): boolean {
  return compareVersions(version, MIN_AUDIO_MEASUREMENT_VERSION) >= 0;
}

/** Negative, zero or positive as `a` is older than, equal to or newer than `b`. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .replace(/^[^\d]*/, '')
      .split('.')
      .map((part) => Number.parseInt(part, 10) || 0);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
