/**
 * The ID sync (spec §7 "Visitor identity: messages posted to an ID-sync frame", §9): once a day per
 * visitor, 30000 ms after the page started and only while consent allows it, the page loads the
 * collector's frame (`{collector}/id/sync`), shakes hands with it within 250 ms of its load, and
 * posts its own visitor id (at most 649 characters). The frame answers the collector's id, which
 * becomes the page's id when it had none and which the collector takes from the page when it had
 * none: either way, the broadcaster's other domains that ask the collector (`GET /id`,
 * collector-identity.ts) find the same visitor. The frame itself is a parameter (id-sync-frame.ts in
 * the browser), as are the timers, so the tests drive it on a fake clock.
 *
 * 1. Skip if the sync cookie says the visitor was synced within ID_SYNC_FREQUENCY_MS.
 * 2. Wait ID_SYNC_THROTTLE_START_MS; then check consent and the data's length.
 * 3. Open the frame; when it has loaded, post `hello` and wait ID_SYNC_HANDSHAKE_TIMEOUT_MS for `ready`.
 * 4. Check consent again; post `sync`; wait COLLECTOR_IDENTITY_TIMEOUT_MS for `id`; remember the sync for a day.
 */
import { ID_SYNC_MESSAGES, ID_SYNC_PATH, isVisitorId } from '@mesura/protocol';
import { COLLECTOR_IDENTITY_TIMEOUT_MS, ID_SYNC_COOKIE_NAME, ID_SYNC_DATA_MAX_LENGTH, ID_SYNC_FREQUENCY_MS, ID_SYNC_HANDSHAKE_TIMEOUT_MS, ID_SYNC_THROTTLE_START_MS } from './constants.js';
import { readCookie, writeCookie, type CookieJar } from './cookie-jar.js';

/**
 * Why no sync happened.
 * - `recent`: the visitor was synced within the last ID_SYNC_FREQUENCY_MS (1 day).
 * - `no-consent`: consent did not allow it when the throttle ended (or the visitor opted out).
 * - `data-too-long`: the data is longer than ID_SYNC_DATA_MAX_LENGTH (649 characters).
 * - `handshake-timeout`: the frame did not answer `hello` within ID_SYNC_HANDSHAKE_TIMEOUT_MS of loading.
 * - `no-answer`: the frame shook hands but gave no well-formed id within COLLECTOR_IDENTITY_TIMEOUT_MS.
 * - `stopped`: the page stopped the sync first.
 */
export type IdSyncSkip = 'recent' | 'no-consent' | 'data-too-long' | 'handshake-timeout' | 'no-answer' | 'stopped';

export type IdSyncOutcome = { synced: true; visitorId: string } | { synced: false; reason: IdSyncSkip };

/** The loaded frame, as the sync uses it. */
export interface SyncFrame {
  /** Posts to the frame, for the collector's origin only. */
  post(message: unknown): void;
  remove(): void;
}

/** What the frame reports: its load, and each message it posts to the page. */
export interface SyncFrameEvents {
  loaded(): void;
  message(data: unknown): void;
}

export interface IdSyncOptions {
  /** The collector's origin, without a trailing slash. */
  collectorOrigin: string;
  /** The page's visitor id, read when the sync starts. */
  data(): string;
  /** Consent (and no opt-out), checked when the throttle ends and again before the id is posted. */
  allowed(): boolean;
  jar: CookieJar;
  /** Write the sync cookie with Secure. */
  secure: boolean;
  openFrame(url: string, events: SyncFrameEvents): SyncFrame;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  /** Told once, whatever happened. Default none. */
  done?(outcome: IdSyncOutcome): void;
  /**
   * How long to wait before opening the frame. Default ID_SYNC_THROTTLE_START_MS (30000 ms); a
   * caller that already waited it (the SDK loads its ID-sync module only then) passes 0.
   */
  delayMs?: number;
}

/** Whether a sync is due: none in the last ID_SYNC_FREQUENCY_MS (the sync cookie is gone). */
export function idSyncDue(jar: CookieJar): boolean {
  return readCookie(jar, ID_SYNC_COOKIE_NAME) === undefined;
}

/** Schedules the sync; returns `stop`, which ends it at whatever step it is. */
export function startIdSync(options: IdSyncOptions): () => void {
  let timer: unknown;
  let frame: SyncFrame | undefined;
  let finished = false;
  const finish = (outcome: IdSyncOutcome) => {
    if (finished) return;
    finished = true;
    options.clearTimer(timer);
    frame?.remove();
    options.done?.(outcome);
  };
  const skip = (reason: IdSyncSkip) => finish({ synced: false, reason });
  const wait = (ms: number, reason: IdSyncSkip) => {
    options.clearTimer(timer);
    timer = options.setTimer(() => skip(reason), ms);
  };
  if (!idSyncDue(options.jar)) {
    skip('recent');
    return () => undefined;
  }
  const begin = () => {
    if (!options.allowed()) return skip('no-consent');
    const data = options.data();
    if (data.length > ID_SYNC_DATA_MAX_LENGTH) return skip('data-too-long');
    let shaken = false;
    frame = options.openFrame(`${options.collectorOrigin}${ID_SYNC_PATH}`, {
      loaded() {
        if (finished || shaken) return;
        frame?.post({ type: ID_SYNC_MESSAGES.hello });
        wait(ID_SYNC_HANDSHAKE_TIMEOUT_MS, 'handshake-timeout');
      },
      message(message) {
        const { type, visitorId } = (message ?? {}) as { type?: unknown; visitorId?: unknown };
        if (finished) return;
        if (type === ID_SYNC_MESSAGES.ready && !shaken) {
          shaken = true;
          // Asked again: consent withdrawn while the frame loaded would otherwise still hand the
          // collector the id the withdrawal just erased, and have it set its cookie after its erasure.
          if (!options.allowed()) return skip('no-consent');
          frame?.post({ type: ID_SYNC_MESSAGES.sync, data });
          wait(COLLECTOR_IDENTITY_TIMEOUT_MS, 'no-answer');
        } else if (type === ID_SYNC_MESSAGES.id && shaken && isVisitorId(visitorId)) {
          writeCookie(options.jar, ID_SYNC_COOKIE_NAME, '1', ID_SYNC_FREQUENCY_MS / 1000, options.secure);
          finish({ synced: true, visitorId });
        }
      },
    });
  };
  timer = options.setTimer(begin, options.delayMs ?? ID_SYNC_THROTTLE_START_MS);
  return () => skip('stopped');
}
