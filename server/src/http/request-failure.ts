/**
 * The last line of defence of the edge: whatever a request's handling throws, synchronously or in a
 * promise it returns, the client gets the usual `{error, code}` answer (the HttpError's, or 500)
 * and the process goes on serving. An error that is not an HttpError is a defect of Mesura's, so it
 * is logged, once, without the request's values.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
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

/** What Node's parser reports, by its error code, as the catalogue's kind and a one-line message. */
function clientFailure(code: string | undefined): HttpError {
  if (code === 'HPE_HEADER_OVERFLOW') return new HttpError(ERRORS.headersTooLarge, 'the request head is larger than the server reads');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new HttpError(ERRORS.requestTimeout, 'the request was not sent whole in time');
  return new HttpError(ERRORS.malformedRequest, 'the request is not valid HTTP/1.1');
}

/**
 * A request the parser refused before any handler saw it (the server's 'clientError'): answered
 * with the catalogue's `{error, code}` like every other refusal, and the connection closed, since
 * the parser cannot tell where the next request would start.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection is already gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const failure = clientFailure(error.code);
    const body = JSON.stringify(failure.body());
    const { status } = failure.kind;
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}
