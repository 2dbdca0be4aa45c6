/**
 * Whether consent debug logging is on: the same switches as packages/tags' logger, so that one
 * switch shows why a stored choice was ignored next to what the rules did with it.
 */
import { DEBUG_QUERY_PARAM } from './constants';

export interface DebugSwitches {
  /** `location.search`, with or without its leading '?'. */
  search: string;
  /** `localStorage[DEBUG_STORAGE_KEY]`, `null` when unset or unreadable. */
  storedFlag: string | null;
}

export function debugEnabled({ search, storedFlag }: DebugSwitches): boolean {
  return new URLSearchParams(search).get(DEBUG_QUERY_PARAM) === '1' || storedFlag === '1' || storedFlag === 'true';
}
