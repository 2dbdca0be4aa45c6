/**
 * The one adapter over the real browser: every global the runtime reads is read here, and only
 * through functions or live objects, so values are current at each use.
 */
import { TIMEZONE_OFFSET_HOURS } from './constants.js';
import type { TagEnvironment } from './environment.js';

/** The page's own environment. Call it only where `window` exists. */
export function browserEnvironment(): TagEnvironment {
  return {
    now: Date.now,
    setTimer: (callback, delayMs) => setTimeout(callback, delayMs),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    location: window.location,
    document,
    window,
    cookies: () => attempt(() => document.cookie) ?? '',
    // Reading localStorage throws when the visitor blocks site data; that must not stop the rules.
    storageItem: (key) => attempt(() => localStorage.getItem(key)) ?? null,
    dataLayer: () => (window as { mesuraData?: unknown }).mesuraData,
    timezoneOffsetHours: TIMEZONE_OFFSET_HOURS,
    console,
  };
}

function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
