/**
 * What every participation change checks before it touches anything: it comes from one of the
 * site's origins (these are anonymous, so this is the cross-site forgery defence, besides
 * SameSite=Lax on the participant cookie), and its address is within its rate.
 */
import type { FastifyRequest } from 'fastify';
import type { Cors } from '../http/cors.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { TokenBuckets } from '../http/token-buckets.js';
import { MAX_TRACKED_ENGAGEMENT_ADDRESSES } from './engagement-limits.js';

/**
 * A missing Origin is refused: browsers send one with every POST fetch. Answers the origin, which
 * links mailed after the change may then point at (never the Host header, which anyone can set).
 */
export function requireSiteOrigin(request: FastifyRequest, cors: Cors): string {
  const origin = request.headers.origin;
  if (origin === undefined || !cors.allows(origin)) {
    throw new HttpError(ERRORS.originNotAllowed, 'this change must come from one of the site origins (MESURA_SITE_ORIGINS)');
  }
  return origin;
}

export type AddressLimiter = (request: FastifyRequest) => void;

/** Throws 429 when the request's address is over `ratePerS` (with `burst` allowed at once). */
export function addressLimiter(ratePerS: number, burst: number, now: () => number): AddressLimiter {
  const buckets = new TokenBuckets({ ratePerS, burst, maxEntries: MAX_TRACKED_ENGAGEMENT_ADDRESSES });
  return (request) => {
    if (!buckets.take(request.ip, now())) throw new HttpError(ERRORS.tooManyRequests, 'too many requests from this address; retry later');
  };
}
