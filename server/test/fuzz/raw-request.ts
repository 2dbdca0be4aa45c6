/**
 * One HTTP/1.1 request written byte for byte on a fresh socket, so that what Node's own client
 * refuses to send (non-ASCII or control bytes in a header, repeated headers, odd methods) reaches
 * the server as an attacker would send it. Only the status line and headers are awaited: some
 * routes stream (server-sent events), and the fuzz suite judges the status.
 */
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  /** The request target as sent: path and query, not re-encoded. */
  target: string;
  headers: readonly (readonly [string, string])[];
  body?: Uint8Array;
}

export type RawAnswer = { kind: 'answered'; status: number; head: string; body: string } | { kind: 'closed'; reason: string } | { kind: 'timed-out' };

/** Bytes of an error answer's body read to tell a documented 503 from another failure. */
const MAX_ERROR_BODY_BYTES = 4_096;

/**
 * The request's bytes, with a Content-Length for the body and Connection: close. A header value
 * of characters up to U+00FF is sent a byte per character, as Node reads header bytes back
 * (latin1), so one byte past ASCII stays one character; any other value is sent as UTF-8.
 */
export function requestBytes(request: RawRequest, host: string): Buffer {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, `host: ${host}`, 'connection: close'];
  const body = request.body ?? new Uint8Array();
  if (body.length > 0 || request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH') lines.push(`content-length: ${body.length}`);
  const head = [Buffer.from(lines.map((line) => `${line}\r\n`).join(''), 'utf8')];
  for (const [name, value] of request.headers) head.push(Buffer.from(`${name}: ${value}\r\n`, /^[\u0000-\u00ff]*$/.test(value) ? 'latin1' : 'utf8'));
  return Buffer.concat([...head, Buffer.from('\r\n'), body]);
}

/** Sends `request` to 127.0.0.1:`port` and resolves with its answer's head, or why there was none. */
export function sendRaw(port: number, request: RawRequest, timeoutMs: number): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = Buffer.alloc(0);
    let settled = false;
    const settle = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => settle({ kind: 'timed-out' }), timeoutMs);
    socket.on('error', (error) => settle(parse(received) ?? { kind: 'closed', reason: error.message }));
    socket.on('close', () => settle(parse(received) ?? { kind: 'closed', reason: 'closed before an answer' }));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const answer = parse(received);
      // A success is judged by its head; a failure's body is read too, for its code.
      if (answer && (answer.status < 500 || answer.body.length >= MAX_ERROR_BODY_BYTES || bodyComplete(answer))) settle(answer);
    });
    socket.write(requestBytes(request, `127.0.0.1:${port}`));
  });
}

function parse(received: Buffer): Extract<RawAnswer, { kind: 'answered' }> | undefined {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = received.subarray(0, end).toString('latin1');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
  if (status === undefined) return undefined;
  return { kind: 'answered', status: Number(status), head, body: received.subarray(end + 4, end + 4 + MAX_ERROR_BODY_BYTES).toString('utf8') };
}

function bodyComplete(answer: Extract<RawAnswer, { kind: 'answered' }>): boolean {
  const length = /\r\ncontent-length: *(\d+)/i.exec(answer.head)?.[1];
  return length !== undefined && Buffer.byteLength(answer.body) >= Number(length);
}
