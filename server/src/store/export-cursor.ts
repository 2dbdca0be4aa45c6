/**
 * Where one export page stopped: the key of its last row in the export's order (receive time,
 * event id, report suite). The next page starts strictly after it, so pages neither overlap nor
 * skip a row however many rows share a receive time.
 */
import type { Result } from '@mesura/protocol';
export interface ExportCursor {
  receivedAtMs: number;
  eventId: string;
  reportSuite: string;
}

/** Longest token accepted: a cursor holds one event id and one suite id, far below this. */
export const EXPORT_TOKEN_MAX_CHARS = 2048;
const TOKEN_VERSION = 1;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The cursor as an opaque URL-safe token. */
export function encodeExportCursor(cursor: ExportCursor): string {
  const body = { v: TOKEN_VERSION, r: cursor.receivedAtMs, e: cursor.eventId, s: cursor.reportSuite };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** The cursor of a token, or the one-line reason it is not one. */
export function decodeExportCursor(token: string): Result<ExportCursor> {
  const invalid = { ok: false as const, reason: 'after is not a continuation token of this export' };
  if (token.length === 0 || token.length > EXPORT_TOKEN_MAX_CHARS || !BASE64URL.test(token)) return invalid;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  if (typeof body !== 'object' || body === null) return invalid;
  const { v, r, e, s } = body as Record<string, unknown>;
  if (v !== TOKEN_VERSION || !Number.isSafeInteger(r) || (r as number) < 0) return invalid;
  if (typeof e !== 'string' || typeof s !== 'string' || e.includes('\0') || s.includes('\0')) return invalid;
  return { ok: true, value: { receivedAtMs: r as number, eventId: e, reportSuite: s } };
}
