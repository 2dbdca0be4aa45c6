/**
 * Preview links: an editor sees one experience of an activity on the real page before it goes
 * live (POST /api/activities/:id/preview, preview-link.ts). The link's PREVIEW_PARAM carries a
 * token the delivery server trusts for PREVIEW_TTL_MS: base64url of `{activity}.{experience}.{expiry
 * ms}` (and `.{viewer key}` when made for one editor's session) (ids are `[A-Za-z0-9_-]`, so `.` separates them), a `.`, and base64url of its HMAC-SHA256
 * under the data folder's PREVIEW_KEY_FILE (data-key-file.ts). Nothing else is kept: a token
 * proves itself, and every one stops working when the key file is replaced. Pure: time is a parameter.
 */
import type { Result } from '@mesura/protocol';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ensureDataKeyFile } from '../data-key-file.js';
import { MAX_ID_CHARS } from './activity-limits.js';

export const PREVIEW_KEY_FILE = 'preview.key';
/** How long a preview link works: an editor's look at a page, not a link to hand around. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;
/**
 * Longest token read: two ids, an epoch and a 43-character signature come to about 240; anything
 * longer is not one of ours and is not decoded at all.
 */
const MAX_PREVIEW_TOKEN_CHARS = 300;
const SIGNATURE_BYTES = 32;
/** The characters of a viewer key: a keyed digest of the editor's session (viewerKey). */
const VIEWER_KEY_CHARS = 22;
const PAYLOAD = new RegExp(`^([A-Za-z0-9_-]{1,${MAX_ID_CHARS}})\\.([A-Za-z0-9_-]{1,${MAX_ID_CHARS}})\\.(\\d{1,15})(?:\\.([A-Za-z0-9_-]{${VIEWER_KEY_CHARS}}))?$`);
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** What a valid token lets its page see. */
export interface PreviewGrant {
  activityId: string;
  experienceId: string;
  expiresMs: number;
  /** The viewer key of the editor it was made for (viewerKey): only their browser is shown it. */
  viewer?: string;
}

/** Why a token is not honoured: the request is then decided as any other. */
export type PreviewRefusal =
  /** Not two base64url parts, too long, or a payload of another shape. */
  | 'malformed'
  /** Not signed with this data folder's key: forged, altered, or from another install. */
  | 'bad-signature'
  /** Signed, but its hour is over. */
  | 'expired';

export interface PreviewTokens {
  /** A token for the experience, valid until `nowMs + PREVIEW_TTL_MS`; for `viewer`'s browser only when given. */
  sign(activityId: string, experienceId: string, nowMs: number, viewer?: string): { token: string; expiresMs: number };
  /**
   * A session secret's viewer key: a keyed digest, so that the link names the session without
   * carrying anything that would sign in.
   */
  viewerKey(sessionSecret: string): string;
  verify(token: string, nowMs: number): Result<PreviewGrant, PreviewRefusal>;
}

/** The data folder's preview key, made once (random, 0600) and kept across restarts. */
export function ensurePreviewKey(dataDir: string): string {
  return ensureDataKeyFile(dataDir, PREVIEW_KEY_FILE);
}

export function createPreviewTokens(key: string): PreviewTokens {
  const signature = (payload: string): Buffer => createHmac('sha256', key).update(payload).digest();
  return {
    sign(activityId, experienceId, nowMs, viewer) {
      const expiresMs = nowMs + PREVIEW_TTL_MS;
      const payload = `${activityId}.${experienceId}.${expiresMs}${viewer === undefined ? '' : `.${viewer}`}`;
      return { token: `${Buffer.from(payload).toString('base64url')}.${signature(payload).toString('base64url')}`, expiresMs };
    },
    viewerKey: (sessionSecret) => createHmac('sha256', key).update(`viewer:${sessionSecret}`).digest('base64url').slice(0, VIEWER_KEY_CHARS),
    verify(token, nowMs) {
      const dot = token.indexOf('.');
      const [encoded, signed] = [token.slice(0, dot), token.slice(dot + 1)];
      if (token.length > MAX_PREVIEW_TOKEN_CHARS || dot < 1 || !BASE64URL.test(encoded) || !BASE64URL.test(signed)) return refused('malformed');
      const payload = Buffer.from(encoded, 'base64url').toString('utf8');
      const given = Buffer.from(signed, 'base64url');
      // Read back as written, so that no other spelling of the same bytes passes (base64's spare bits).
      const canonical = given.length === SIGNATURE_BYTES && given.toString('base64url') === signed;
      if (!canonical || !timingSafeEqual(given, signature(payload))) return refused('bad-signature');
      const match = PAYLOAD.exec(payload);
      if (!match || Buffer.from(payload).toString('base64url') !== encoded) return refused('malformed');
      const expiresMs = Number(match[3]);
      if (expiresMs <= nowMs) return refused('expired');
      return { ok: true, value: { activityId: match[1]!, experienceId: match[2]!, expiresMs, ...(match[4] !== undefined && { viewer: match[4] }) } };
    },
  };
}

const refused = (reason: PreviewRefusal): Result<PreviewGrant, PreviewRefusal> => ({ ok: false, reason });
