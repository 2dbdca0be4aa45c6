/**
 * The server's error catalogue: a stable code, an HTTP status and a one-line message each.
 * Codes are never reused for another meaning.
 */
export interface ErrorKind {
  code: string;
  status: number;
}

export const ERRORS = {
  badBeacon: { code: 'MESURA_ERR_BAD_BEACON', status: 400 },
  badHeartbeat: { code: 'MESURA_ERR_BAD_HEARTBEAT', status: 400 },
  badQuery: { code: 'MESURA_ERR_BAD_QUERY', status: 400 },
  badDeliveryRequest: { code: 'MESURA_ERR_BAD_DELIVERY_REQUEST', status: 400 },
  badActivity: { code: 'MESURA_ERR_BAD_ACTIVITY', status: 400 },
  badGoal: { code: 'MESURA_ERR_BAD_GOAL', status: 400 },
  badFunnel: { code: 'MESURA_ERR_BAD_FUNNEL', status: 400 },
  badSegment: { code: 'MESURA_ERR_BAD_SEGMENT', status: 400 },
  badAnnotation: { code: 'MESURA_ERR_BAD_ANNOTATION', status: 400 },
  unknownClientCode: { code: 'MESURA_ERR_UNKNOWN_CLIENT_CODE', status: 404 },
  originNotAllowed: { code: 'MESURA_ERR_ORIGIN_NOT_ALLOWED', status: 403 },
  notFound: { code: 'MESURA_ERR_NOT_FOUND', status: 404 },
  conflict: { code: 'MESURA_ERR_CONFLICT', status: 409 },
  unauthenticated: { code: 'MESURA_ERR_UNAUTHENTICATED', status: 401 },
  forbidden: { code: 'MESURA_ERR_FORBIDDEN', status: 403 },
  passwordChangeRequired: { code: 'MESURA_ERR_PASSWORD_CHANGE_REQUIRED', status: 403 },
  badAccount: { code: 'MESURA_ERR_BAD_ACCOUNT', status: 400 },
  tooManyAttempts: { code: 'MESURA_ERR_TOO_MANY_ATTEMPTS', status: 429 },
  methodNotAllowed: { code: 'MESURA_ERR_METHOD_NOT_ALLOWED', status: 405 },
  bodyTooLarge: { code: 'MESURA_ERR_BODY_TOO_LARGE', status: 413 },
  unsupportedMediaType: { code: 'MESURA_ERR_UNSUPPORTED_MEDIA_TYPE', status: 415 },
  tooManyRequests: { code: 'MESURA_ERR_TOO_MANY_REQUESTS', status: 429 },
  /** A request Node's HTTP parser could not read (a control byte in a header, a bad request line). */
  malformedRequest: { code: 'MESURA_ERR_MALFORMED_REQUEST', status: 400 },
  /** A request head past Node's header size limit (16 KiB). */
  headersTooLarge: { code: 'MESURA_ERR_HEADERS_TOO_LARGE', status: 431 },
  /** A request not sent whole within the edge's timeouts (http/edge-limits.ts). */
  requestTimeout: { code: 'MESURA_ERR_REQUEST_TIMEOUT', status: 408 },
  unknownReportSuite: { code: 'MESURA_ERR_UNKNOWN_REPORT_SUITE', status: 400 },
  internal: { code: 'MESURA_ERR_INTERNAL', status: 500 },
  /** A report whose query has no text for the events engine in use (store/analytics-reader.ts QueryNotOnEngineError). */
  notOnEngine: { code: 'MESURA_ERR_NOT_ON_ENGINE', status: 501 },
  storeUnavailable: { code: 'MESURA_ERR_STORE_UNAVAILABLE', status: 503 },
  shuttingDown: { code: 'MESURA_ERR_SHUTTING_DOWN', status: 503 },
  /** The collector's undrained ingest log passed its bound (ingest/collector-health.ts); answered with Retry-After. */
  ingestLogFull: { code: 'MESURA_ERR_INGEST_LOG_FULL', status: 503 },
  /** The data folder's disk has less than MESURA_MIN_FREE_BYTES free (observe/free-space.ts); answered with Retry-After. */
  lowDisk: { code: 'MESURA_ERR_LOW_DISK', status: 503 },
  /** /readyz while the server cannot store or answer (observe/health.ts). */
  notReady: { code: 'MESURA_ERR_NOT_READY', status: 503 },
} as const satisfies Record<string, ErrorKind>;

/**
 * What a client answered 503 is told to wait (Retry-After, seconds) when the error names no wait
 * of its own: one load round (ingest/store-loader.ts LOAD_INTERVAL_MS), time for a store that
 * failed once to be tried again. Without it, clients and proxies retried at once or never.
 */
export const STORE_RETRY_AFTER_S = 5;

export interface ErrorBody {
  error: string;
  code: string;
}

export class HttpError extends Error {
  /** Headers the answer carries besides the body's: Retry-After on every 503 (STORE_RETRY_AFTER_S unless given). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.headers = kind.status === 503 && headers['Retry-After'] === undefined ? { ...headers, 'Retry-After': String(STORE_RETRY_AFTER_S) } : headers;
  }

  body(): ErrorBody {
    return { error: this.message, code: this.kind.code };
  }
}

/** Fastify's own error codes that reach clients, mapped into the catalogue. */
export function fromFrameworkError(error: { code?: string; statusCode?: number; message: string }): HttpError {
  switch (error.code) {
    case ERRORS.notOnEngine.code:
      return new HttpError(ERRORS.notOnEngine, firstLine(error.message));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(ERRORS.bodyTooLarge, 'request body is larger than the collector accepts');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(ERRORS.unsupportedMediaType, 'unsupported content type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError(ERRORS.badQuery, 'request body is not valid JSON');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError({ code: ERRORS.badQuery.code, status: error.statusCode }, firstLine(error.message));
  }
  return new HttpError(ERRORS.internal, 'internal error');
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? '';
}
