import { CUSTOMER_ID_REFUSED } from './errors.js';
import { readStoredCustomerIds, storeCustomerIds, type CustomerIdStorage } from './customer-id-storage.js';
import { checkCustomerIds, type CustomerId, type CustomerIdInput, type CustomerIdRefusal } from './customer-ids.js';

/**
 * The customer ids a page sets (§3), for the calls that carry them (the personalisation request's
 * visitor ids, the media `start` heartbeat), never the page-view beacons (wire-formats §1 has no
 * such field). Apart from `createIdentity` so that a caller that sends none does not carry them.
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
  /**
   * Keeps the ids for the pages that follow in this tab (customer-id-storage.ts), and starts from
   * those kept there. Default none: the ids live as long as the page.
   */
  storage?: CustomerIdStorage;
  /** May the ids be written to `storage` now (consent)? Default yes. Reading needs no consent. */
  mayStore?: () => boolean;
}

export function createCustomerIdStore(options: CustomerIdStoreOptions = {}): CustomerIdStore {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const ids: Record<string, CustomerId> = readStoredCustomerIds(options.storage);
  const customerIds = () => ({ ...ids });
  return {
    setCustomerIds(input) {
      const { accepted, refused } = checkCustomerIds(input);
      Object.assign(ids, accepted);
      for (const { integrationCode } of refused) warn(`${CUSTOMER_ID_REFUSED}: '${integrationCode}'`);
      if (options.mayStore?.() ?? true) storeCustomerIds(options.storage, ids);
      return refused;
    },
    customerIds,
    getCustomerIds: customerIds,
  };
}
