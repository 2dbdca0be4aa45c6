/** Why an API call did not succeed, as the console's screens need to tell it. */
export type ApiFailure =
  /**
   * The server refused the request (4xx) with its one-line reason and stable code; a 429 also says
   * how long to wait before trying again, when it sent Retry-After.
   */
  | { reason: 'rejected'; status: number; message: string; code?: string; retryAfterSeconds?: number }
  /** The server failed (5xx, or a status the console does not expect). */
  | { reason: 'server-error'; status: number }
  /** No answer: offline, server down, request cut. */
  | { reason: 'network' }
  /** A 2xx whose body is not what the API documents. */
  | { reason: 'malformed' };

/** A console call's outcome once its answer is read: the value the screen needs, or why there is none. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

export type ApiResult = { ok: true; status: number; body: unknown } | { ok: false; failure: ApiFailure };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Retry-After as whole seconds from `now`: either delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable; never negative.
 */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * What an HTTP answer means for the console. `body` is the parsed JSON (undefined when the body was
 * empty or not JSON); `retryAfter` the Retry-After header.
 */
export function interpretApiAnswer(status: number, body: unknown, retryAfter: string | null, now: Date): ApiResult {
  if (status >= 200 && status < 300) return { ok: true, status, body };
  if (status >= 400 && status < 500 && isRecord(body) && typeof body.error === 'string') {
    const code = typeof body.code === 'string' ? body.code : undefined;
    const wait = status === 429 ? retryAfterSeconds(retryAfter, now) : undefined;
    return {
      ok: false,
      failure: {
        reason: 'rejected',
        status,
        message: body.error,
        ...(code === undefined ? {} : { code }),
        ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
      },
    };
  }
  // A 401 or 429 without the documented body still means what its status says.
  if (status === 401 || status === 429) {
    const wait = status === 429 ? retryAfterSeconds(retryAfter, now) : undefined;
    return { ok: false, failure: { reason: 'rejected', status, message: '', ...(wait === undefined ? {} : { retryAfterSeconds: wait }) } };
  }
  return { ok: false, failure: { reason: 'server-error', status } };
}
