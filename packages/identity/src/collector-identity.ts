/**
 * Asks the collector for the id in its own cookie (§7 "Visitor identity: cross-origin GET with
 * credentials and a timestamp parameter"). The collector's cookie is the same on every sister
 * domain that reports to it, so a visitor new to one domain can be recognised from another. The
 * only file of this package that knows the browser's network API.
 */
import { COLLECTOR_FORGET_PATH, COLLECTOR_IDENTITY_PATH, COLLECTOR_IDENTITY_TIMEOUT_MS, COLLECTOR_TIMESTAMP_PARAM } from './constants.js';
import { isVisitorId } from './visitor-id.js';

/**
 * Why no id came back.
 * - `timeout`: no complete answer within `timeoutMs`.
 * - `network-error`: the request failed (offline, refused, blocked by CORS).
 * - `http-error`: the collector answered with a status other than 2xx.
 * - `bad-response`: the body is not JSON, has no well-formed `visitorId`, or its `ts` is not the
 *   request's (an answer cached for someone else: never adopt it).
 */
export type CollectorIdentityFailure = 'timeout' | 'network-error' | 'http-error' | 'bad-response';

export type CollectorIdentity = { ok: true; visitorId: string } | { ok: false; reason: CollectorIdentityFailure };

export interface CollectorIdentityOptions {
  /** The collector's origin, without a trailing slash: `https://stats.example.cat`. */
  collectorOrigin: string;
  /** The request's timestamp (`d_ts`), echoed back as `ts`. */
  nowMs: number;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Defaults to COLLECTOR_IDENTITY_TIMEOUT_MS (2000 ms). */
  timeoutMs?: number;
  /** Default `setTimeout`. */
  setTimer?: (run: () => void, ms: number) => unknown;
  /** Default `clearTimeout`. */
  clearTimer?: (timer: unknown) => void;
}

const fail = (reason: CollectorIdentityFailure): CollectorIdentity => ({ ok: false, reason });

/** Never rejects: every outcome is a value. Resolves by `timeoutMs` even if `fetch` never settles. */
export function fetchCollectorIdentity(options: CollectorIdentityOptions): Promise<CollectorIdentity> {
  // A local, so that `window.fetch` is not called with the options object as `this`.
  const send = options.fetch ?? fetch;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const url = `${options.collectorOrigin}${COLLECTOR_IDENTITY_PATH}?${COLLECTOR_TIMESTAMP_PARAM}=${options.nowMs}`;
  const abort = new AbortController();
  return new Promise((resolve) => {
    const timer = setTimer(() => {
      resolve(fail('timeout'));
      abort.abort();
    }, options.timeoutMs ?? COLLECTOR_IDENTITY_TIMEOUT_MS);
    send(url, { credentials: 'include', cache: 'no-store', signal: abort.signal })
      .then(async (response) => {
        if (!response.ok) return fail('http-error');
        const body = (await response.json().catch(() => undefined)) as { visitorId?: unknown; ts?: unknown } | undefined;
        return isVisitorId(body?.visitorId) && body.ts === options.nowMs ? { ok: true as const, visitorId: body.visitorId } : fail('bad-response');
      })
      .catch(() => fail('network-error'))
      .then((outcome) => {
        clearTimer(timer);
        resolve(outcome);
      });
  });
}

/**
 * Asks the collector to erase its cookie of this visitor (`POST /id/forget`, with credentials), once
 * the visitor has withdrawn consent or opted out: otherwise `GET /id` would hand the erased id back
 * to the next consent on a sister domain, and the ID sync would link it to the next id. The request
 * carries no data, only the cookie it erases; `keepalive`, since a withdrawal is often the last
 * thing done on a page; a simple request (no body, no header), so no preflight. Never rejects: a
 * collector that cannot be reached keeps its cookie, and that is all.
 */
export function forgetCollectorIdentity(collectorOrigin: string, send: typeof fetch = fetch): void {
  send(`${collectorOrigin}${COLLECTOR_FORGET_PATH}`, { method: 'POST', credentials: 'include', keepalive: true }).catch(() => undefined);
}
