/**
 * Everything the runtime touches outside its own code, so tests can hand it fakes (spec-free
 * plumbing; the real browser is `browserEnvironment()`).
 */

/** The parts of `location` the runtime reads; read at each use, so route changes are seen. */
export type TagLocation = Pick<Location, 'href' | 'pathname' | 'search' | 'hostname'>;

/** The parts of `document` the runtime uses: lifecycle, click delegation, script loading. */
export type TagDocument = Pick<Document, 'readyState' | 'referrer' | 'addEventListener' | 'removeEventListener' | 'createElement' | 'head' | 'documentElement'> & {
  /** Set by Internet Explorer only: its document mode (§5 "unsupported in IE 9 and below"). */
  readonly documentMode?: number;
};

/** The parts of `window` the runtime uses: the load event, custom events, history, viewport. */
export type TagWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'history' | 'innerWidth' | 'innerHeight'>;

/** An opaque timer handle, as `setTimer` returns it. */
export type TimerHandle = unknown;

export interface TagEnvironment {
  /** Milliseconds since the epoch (`Date.now`). */
  now(): number;
  setTimer(callback: () => void, delayMs: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
  location: TagLocation;
  document: TagDocument;
  window: TagWindow;
  /** `document.cookie`; `''` when cookies cannot be read. */
  cookies(): string;
  /** `localStorage.getItem(key)`; `null` when absent or when storage is blocked. */
  storageItem(key: string): string | null;
  /** The page's data layer, `window.mesuraData` (§3). */
  dataLayer(): unknown;
  /** Hours east of UTC for the weekday and time-of-day data elements. Default +1 (§9). */
  timezoneOffsetHours: number;
  /** Where the debug log goes. Default `console`. */
  console: Pick<Console, 'error' | 'warn' | 'info'>;
}
