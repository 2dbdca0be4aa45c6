/**
 * The optional access log (MESURA_ACCESS_LOG: a file path, appended to, or `stdout`): one JSON
 * line per answered request with its time, method, route pattern (or path, without the query
 * and cut to ACCESS_LOG_PATH_MAX_CHARS), status, duration and bytes sent. It carries no query
 * string (beacons and heartbeats send the visitor's data there), no cookie and no client address:
 * who sent a request is the ingest pipeline's to anonymise, not a log's to keep.
 */
import { createWriteStream, openSync } from 'node:fs';
import { OperatorError } from '../operator-error.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Longest path written: beacon paths end in a random cache-buster; a request line can be 16 KiB. */
export const ACCESS_LOG_PATH_MAX_CHARS = 100;

export type AccessLogTarget = 'stdout' | { file: string };

export interface AccessLog {
  /** Watches one request from the start of its handling; writes its line once answered. */
  watch(request: IncomingMessage, response: ServerResponse): void;
  /** A route pattern (Fastify's) to write instead of the path. */
  nameRoute(request: IncomingMessage, route: string): void;
  close(): Promise<void>;
}

export interface AccessLogLine {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  bytes: number;
}

/**
 * Opens the log (a file: at once, so that a folder missing or not ours to write is one line at
 * start, an OperatorError, rather than a stream error later); a write that fails later (a full
 * disk) goes to `onError`, never ends the process.
 */
export function openAccessLog(target: AccessLogTarget, onError: (error: unknown) => void, now: () => number = Date.now): AccessLog {
  const out = target === 'stdout' ? process.stdout : createWriteStream(target.file, { flags: 'a', fd: openForAppending(target.file) });
  if (out !== process.stdout) out.on('error', onError);
  const routes = new WeakMap<IncomingMessage, string>();
  return {
    watch(request, response) {
      const startedMs = now();
      const socket = request.socket;
      const bytesBefore = socket.bytesWritten;
      response.once('finish', () => {
        const line: AccessLogLine = {
          time: new Date(startedMs).toISOString(),
          method: (request.method ?? '').slice(0, 10),
          path: routes.get(request) ?? pathOf(request.url ?? ''),
          status: response.statusCode,
          ms: now() - startedMs,
          bytes: Math.max(0, socket.bytesWritten - bytesBefore),
        };
        out.write(`${JSON.stringify(line)}\n`);
      });
    },
    nameRoute: (request, route) => void routes.set(request, route),
    close: () => (out === process.stdout ? Promise.resolve() : new Promise<void>((resolve) => out.end(resolve))),
  };
}

function openForAppending(file: string): number {
  try {
    return openSync(file, 'a');
  } catch (error) {
    throw new OperatorError(
      `MESURA_ACCESS_LOG ${file} cannot be opened for appending (${(error as NodeJS.ErrnoException).code ?? 'error'}): make its folder or give this user the right to write there`,
    );
  }
}

/** The path without its query or fragment, cut. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return (end < 0 ? url : url.slice(0, end)).slice(0, ACCESS_LOG_PATH_MAX_CHARS);
}
