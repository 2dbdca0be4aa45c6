/**
 * §4 "Remote disabling of tracking … blocks new ones": a publisher the settings file disabled is
 * remembered in storage for one setup-check interval, so that the next pages start no session
 * (and send no `start`) before they could read the file themselves. Storage that throws (private
 * mode, quota) only loses the memory, never the page.
 */
import { TRACKING_DISABLED_STORAGE_KEY } from './constants.js';
import type { KeyValueStorage } from './deps.js';

/** Until when (epoch ms) an earlier page found `publisher` disabled; undefined when none did. */
export function rememberedDisabledUntil(storage: KeyValueStorage, publisher: string): number | undefined {
  try {
    const until = Number(storage.getItem(keyOf(publisher)) ?? Number.NaN);
    return Number.isFinite(until) ? until : undefined;
  } catch {
    return undefined;
  }
}

export function rememberDisabled(storage: KeyValueStorage, publisher: string, untilMs: number): void {
  try {
    storage.setItem(keyOf(publisher), String(untilMs));
  } catch {
    // Nothing to do: the next page will read the settings file again.
  }
}

function keyOf(publisher: string): string {
  return `${TRACKING_DISABLED_STORAGE_KEY}:${publisher}`;
}
