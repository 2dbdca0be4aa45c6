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
  const ids = await settleWithin(
    Promise.resolve()
      .then(call)
      .then(wellFormed, () => null),
    clock,
    VISITOR_API_TIMEOUT_MS,
  );
  if (ids === undefined) warn(VISITOR_API_TIMED_OUT);
  if (ids === null) warn(VISITOR_API_ERROR);
  return ids ?? {};
}

/** Entries with a non-empty string id (and a numeric authState, else none); anything else is dropped. */
function wellFormed(ids: unknown): Record<string, VisitorCustomerId> {
  const kept: Record<string, VisitorCustomerId> = {};
  // Object(): null and undefined give no entries, nor does a number; a string's characters have no id.
  for (const [type, entry] of Object.entries(Object(ids) as Record<string, Partial<VisitorCustomerId> | null>)) {
    if (type !== '' && typeof entry?.id === 'string' && entry.id !== '') {
      // An undefined authState is left out of the request (protocol's encodeDeliveryParams).
      kept[type] = { id: entry.id, authState: typeof entry.authState === 'number' ? entry.authState : undefined };
    }
  }
  return kept;
}
