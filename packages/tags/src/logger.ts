/**
 * The one logger every error goes through. Silent unless debug mode is on for the page
 * (`?mesura_debug=1` or `localStorage.mesura_debug = '1'`): visitors' consoles stay clean, and
 * nothing here can throw into the page.
 */
import { DEBUG_QUERY_PARAM, DEBUG_STORAGE_KEY, LOG_PREFIX } from './constants.js';
import { queryParam } from './core/query-string.js';
import type { TagEnvironment } from './environment.js';

export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
}

/** Whether the debug query parameter or storage flag is set. */
export function debugEnabled(env: TagEnvironment): boolean {
  const stored = env.storageItem(DEBUG_STORAGE_KEY);
  return queryParam(env.location.search, DEBUG_QUERY_PARAM) === '1' || stored === '1' || stored === 'true';
}

export function createLogger(env: TagEnvironment): Logger {
  const on = debugEnabled(env);
  const line =
    (level: 'error' | 'warn' | 'info') =>
    (message: string): void => {
      if (on) env.console[level](`${LOG_PREFIX} ${message}`);
    };
  return { error: line('error'), warn: line('warn'), info: line('info') };
}
