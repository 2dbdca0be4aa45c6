import { randomBytes } from 'node:crypto';
import { VISITOR_ID_BYTES, formatVisitorId, isVisitorId } from '@mesura/protocol';

/**
 * The collector's visitor cookie. First-party to the collector's host: the same cookie answers
 * every sister domain that reports to this collector, which is what makes it a cross-domain hint.
 * Same format and lifetime as the browser's `mesura_fid` (packages/identity), so either can be
 * adopted as the other; a test checks the browser accepts what this file makes.
 */
export const COLLECTOR_COOKIE_NAME = 'mesura_cid';
/** Spec §9 "cookie default lifetime 34190000 s", as for `mesura_fid`. */
export const COLLECTOR_COOKIE_MAX_AGE_S = 34_190_000;
export function newCollectorId(): string {
  return formatVisitorId(randomBytes(VISITOR_ID_BYTES));
}

/** The well-formed `mesura_cid` of a Cookie header; anything else counts as none. */
export function collectorIdFrom(cookieHeader: string | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== COLLECTOR_COOKIE_NAME) continue;
    const value = part.slice(eq + 1).trim();
    if (isVisitorId(value)) return value;
  }
  return undefined;
}

/**
 * The Set-Cookie value. The site's SDK reads the id with a cross-origin fetch, which carries this
 * cookie only when it is SameSite=None, and browsers accept SameSite=None only with Secure, which
 * needs a secure context: https, or a loopback host (secure-context.ts). Elsewhere over plain http
 * such a cookie would be dropped, so it is SameSite=Lax there: still sent between ports of one host
 * (same-site). HttpOnly: pages get the id from the JSON answer or the ID-sync frame and never need
 * the cookie itself. Browsers that block third-party cookies drop it either way: that is why the
 * SDK treats the collector's id as a hint only.
 */
export function collectorCookie(id: string, secureContext: boolean): string {
  return cookieWith(id, COLLECTOR_COOKIE_MAX_AGE_S, secureContext);
}

/**
 * The Set-Cookie value that erases the cookie (the visitor withdrew consent): the same name, path
 * and host (a cookie is replaced only by one of the same name, path and domain), expired. With the
 * same SameSite and Secure too: the erasure arrives in the cross-site answer the cookie was set in,
 * where browsers drop a cookie that is not SameSite=None; Secure, the erasing one included.
 */
export function expiredCollectorCookie(secureContext: boolean): string {
  return cookieWith('', 0, secureContext);
}

function cookieWith(value: string, maxAgeS: number, secureContext: boolean): string {
  const sameSite = secureContext ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `${COLLECTOR_COOKIE_NAME}=${value}; Max-Age=${maxAgeS}; Path=/; ${sameSite}; HttpOnly`;
}
