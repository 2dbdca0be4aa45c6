/**
 * Where the page's customer ids outlive a page load: the tab's session storage. A site declares
 * them when the visitor logs in (authState 1) and logs out (2) and then loads a new page; the
 * requests of the pages that follow, in this tab, still carry them (§3 "Customer IDs"), and every
 * bundle of the page (the personalisation client too, which may run before /mesura.js) reads them
 * here. Session storage, not a cookie: the ids never ride along with a request to the site.
 */
import { CUSTOMER_IDS_STORAGE_KEY } from './constants.js';
import { checkCustomerIds, type CustomerId, type CustomerIdInput } from './customer-ids.js';

/** The Web Storage subset used; `sessionStorage` in the browser. */
export interface CustomerIdStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The ids kept in `storage`, checked again (anything on the page can write there); none when unreadable. */
export function readStoredCustomerIds(storage: CustomerIdStorage | undefined): Record<string, CustomerId> {
  try {
    const kept: unknown = JSON.parse(storage?.getItem(CUSTOMER_IDS_STORAGE_KEY) ?? '{}');
    if (typeof kept !== 'object' || kept === null || Array.isArray(kept)) return {};
    return checkCustomerIds(kept as Record<string, CustomerIdInput>).accepted;
  } catch {
    // Storage denied (a sandboxed frame, privacy settings) or a value that is not JSON.
    return {};
  }
}

/** Keeps `ids` in `storage`; a storage that refuses (full, denied) keeps them in memory only. */
export function storeCustomerIds(storage: CustomerIdStorage | undefined, ids: Readonly<Record<string, CustomerId>>): void {
  try {
    storage?.setItem(CUSTOMER_IDS_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Nothing to do: the page's own ids still hold for this page.
  }
}

/** Removes the ids kept for the tab: consent withdrawn or opted out, nothing of the visitor stays. */
export function forgetStoredCustomerIds(storage: CustomerIdStorage | undefined): void {
  try {
    storage?.removeItem(CUSTOMER_IDS_STORAGE_KEY);
  } catch {
    // Storage denied: nothing was kept there either.
  }
}

/** The browser's session storage, when the page may use it. */
export function browserSessionStorage(): CustomerIdStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
