/**
 * The last line of defence of the edge: whatever a request's handling throws, synchronously or in a
 * promise it returns, the client gets the usual `{error, code}` answer (the HttpError's, or 500)
 * and the process goes on serving. An error that is not an HttpError is a defect of Mesura's, so it
 * is logged, once, without the request's values.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERRORS, HttpError } from './errors.js';

export type RequestListener = (request: IncomingMessage, response: ServerResponse) => unknown;

/** `listener`, answering whatever it throws or rejects with instead of letting it reach the process. */
export function failSafe(listener: RequestListener, onDefect: (error: unknown) => void): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const fail = (error: unknown) => answerFailure(response, error, onDefect);
    try {
      const handled = listener(request, response);
      if (handled instanceof Promise) handled.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

function answerFailure(response: ServerResponse, error: unknown, onDefect: (error: unknown) => void): void {
  const failure = error instanceof HttpError ? error : new HttpError(ERRORS.internal, 'internal error');
  if (!(error instanceof HttpError)) onDefect(error);
  // Part of an answer already went out: it cannot become an error answer, only be cut short.
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify(failure.body());
  response.writeHead(failure.kind.status, { ...failure.headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(body);
}
