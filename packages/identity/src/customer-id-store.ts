import { CUSTOMER_ID_REFUSED } from './errors.js';
import { checkCustomerIds, type CustomerId, type CustomerIdInput, type CustomerIdRefusal } from './customer-ids.js';

/**
 * The customer ids a page sets (§3), for the calls that carry them (the personalisation request's
 * visitor ids). Apart from `createIdentity` so that the page bundle, which sends none, does not
 * carry them. They live in memory for the page.
 */
export interface CustomerIdStore {
  /**
   * Adds or replaces customer ids by integration code (§3). An entry whose integration code or id
   * is not a non-empty string is refused with a `CUSTOMER_ID_REFUSED` warning; the others are kept.
   */
  setCustomerIds(ids: Readonly<Record<string, CustomerIdInput>>): CustomerIdRefusal[];
  /** The ids set so far, by integration code (a copy). */
  customerIds(): Readonly<Record<string, CustomerId>>;
  /** Same as `customerIds()`: the name of the Visitor API that pages already call. */
  getCustomerIds(): Readonly<Record<string, CustomerId>>;
}

export interface CustomerIdStoreOptions {
  /** Receives the warnings of §5. Defaults to `console.warn`. */
  warn?: (message: string) => void;
}

export function createCustomerIdStore(options: CustomerIdStoreOptions = {}): CustomerIdStore {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const ids: Record<string, CustomerId> = {};
  const customerIds = () => ({ ...ids });
  return {
    setCustomerIds(input) {
      const { accepted, refused } = checkCustomerIds(input);
      Object.assign(ids, accepted);
      for (const { integrationCode } of refused) warn(`${CUSTOMER_ID_REFUSED}: '${integrationCode}'`);
      return refused;
    },
    customerIds,
    getCustomerIds: customerIds,
  };
}
