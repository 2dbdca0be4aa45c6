import type { ServerResponse } from 'node:http';
import type { Cors } from '../http/cors.js';

/** The 1×1 transparent GIF image beacons expect. */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/**
 * The same bytes as a latin1 string: node:http sends a latin1 body together with the head in one
 * write, where a Buffer body takes a second chunk and the writev path.
 */
const TRANSPARENT_GIF_LATIN1 = TRANSPARENT_GIF.toString('latin1');

/** Writes the answer to a stored beacon or heartbeat: `status` with the GIF, or 204 without a body. */
export type StoredAnswer = (response: ServerResponse, origin: string | undefined, status: 200 | 204) => void;

/**
 * The collectors' success answers, their headers made once per origin rather than per request (the
 * hottest path of the server). Only requests without an Origin or from an allowed one are answered
 * as stored (the handlers refuse the others first), so the cache holds at most one entry per
 * allowed origin and one for none; any other origin gets its headers made on the spot. `security`
 * (http/security-headers.ts) goes first in each, for a handler whose response did not get them
 * through setHeader (beacon-handler.ts says why); default none.
 */
export function createStoredAnswer(cors: Cors, security: Readonly<Record<string, string>> = {}): StoredAnswer {
  const byOrigin = new Map<string | undefined, { gif: Record<string, string>; empty: Record<string, string> }>();
  const headersFor = (origin: string | undefined) => {
    const known = byOrigin.get(origin);
    if (known) return known;
    const base = { ...security, ...cors.headers(origin) };
    const made = {
      gif: { ...base, 'Content-Type': 'image/gif', 'Cache-Control': 'no-store', 'Content-Length': String(TRANSPARENT_GIF.length) },
      empty: base,
    };
    if (cors.allows(origin)) byOrigin.set(origin, made);
    return made;
  };
  return (response, origin, status) => {
    if (response.headersSent) return;
    const headers = headersFor(origin);
    if (status === 204) {
      response.writeHead(204, headers.empty);
      response.end();
    } else {
      response.writeHead(status, headers.gif);
      response.end(TRANSPARENT_GIF_LATIN1, 'latin1');
    }
  };
}
