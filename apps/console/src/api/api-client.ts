import { interpretApiAnswer, type ApiResult } from './api-answer';
import { reportSessionProblem } from './session-guard';

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Sent as a JSON body. */
  json?: unknown;
  signal?: AbortSignal;
  /**
   * Whether a 401/403 of this call means the session is lost (default true). The login itself
   * says false: its 401 means wrong credentials, not "go to the login page".
   */
  guardsSession?: boolean;
}

export interface ApiClientOptions {
  /** The network; defaults to the browser's fetch. Tests pass a recording fake. */
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
}

/**
 * The one module that calls the console's JSON API. It sends the session cookie (same origin
 * only) and never throws: every failure is an ApiResult. The browser adds the page's Origin to
 * state-changing requests, which the server checks.
 */
export async function callApi(request: ApiRequest, options: ApiClientOptions = {}): Promise<ApiResult> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.json !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await doFetch(request.path, {
      method: request.method,
      credentials: 'same-origin',
      headers,
      ...(request.json === undefined ? {} : { body: JSON.stringify(request.json) }),
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    });
  } catch {
    return { ok: false, failure: { reason: 'network' } };
  }
  const body = await readJsonBody(response);
  const result = interpretApiAnswer(response.status, body, response.headers.get('retry-after'), (options.now ?? (() => new Date()))());
  if (!result.ok && request.guardsSession !== false) reportSessionProblem(result.failure);
  return result;
}

async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON, e.g. a proxy's HTML error page; the status alone decides.
    return undefined;
  }
}
