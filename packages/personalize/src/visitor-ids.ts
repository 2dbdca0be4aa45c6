/**
 * The visitor's ids for a request (spec §7 "visitor ids"): the analytics id at once, the customer
 * ids within the visitor-API timeout (2000 ms, §9). A request never fails for want of them: on
 * timeout or error it goes without, and §8's message is logged.
 */
import { VISITOR_API_TIMEOUT_MS } from './constants.js';
import type { Clock, VisitorCustomerId, VisitorIdsProvider } from './deps.js';
import { VISITOR_API_ERROR, VISITOR_API_TIMED_OUT } from './errors.js';
import { settleWithin } from './settle-within.js';

export interface VisitorIds {
  visitorId: string | undefined;
  customerIds: Record<string, VisitorCustomerId>;
}

export async function readVisitorIds(provider: VisitorIdsProvider, clock: Clock, warn: (message: string) => void): Promise<VisitorIds> {
  let visitorId: string | undefined;
  try {
    visitorId = provider.visitorId?.() || undefined;
  } catch {
    warn(VISITOR_API_ERROR);
  }
  const customerIds = provider.customerIds ? await customerIdsWithin(provider.customerIds.bind(provider), clock, warn) : {};
  return { visitorId, customerIds };
}

type CustomerIdsCall = NonNullable<VisitorIdsProvider['customerIds']>;

async function customerIdsWithin(call: CustomerIdsCall, clock: Clock, warn: (message: string) => void): Promise<Record<string, VisitorCustomerId>> {
  // null: the call failed; undefined (settleWithin's): it did not answer in time.
  const ids = await settleWithin(Promise.resolve().then(call).then(wellFormed, () => null), clock, VISITOR_API_TIMEOUT_MS);
  if (ids === undefined) warn(VISITOR_API_TIMED_OUT);
  if (ids === null) warn(VISITOR_API_ERROR);
  return ids ?? {};
}

/** Entries with a non-empty string id; anything else is dropped. */
function wellFormed(ids: unknown): Record<string, VisitorCustomerId> {
  const kept: Record<string, VisitorCustomerId> = {};
  if (typeof ids !== 'object' || ids === null) return kept;
  for (const [type, entry] of Object.entries(ids as Record<string, Partial<VisitorCustomerId> | null>)) {
    if (type === '' || typeof entry?.id !== 'string' || entry.id === '') continue;
    kept[type] = typeof entry.authState === 'number' ? { id: entry.id, authState: entry.authState } : { id: entry.id };
  }
  return kept;
}
