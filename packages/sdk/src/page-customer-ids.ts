/**
 * The page's customer ids (§3) as the personalisation client reads them: those the page declared
 * (`window.mesura.setCustomerIds`, through the head snippet's queue before /mesura.js arrives)
 * over those kept for the tab (@mesura/identity's customer-id-storage.ts). The client asks for them
 * with its 2000 ms visitor-API wait (§9): a logged-in visitor (the login cookie, §3 "Login status")
 * whose authenticated ids are not known yet is waited for until the site declares them
 * (`mesura:customer-ids`), since a request without them would decide for a stranger; anyone
 * else's request goes at once. Entries are not checked here: the client keeps only well-formed
 * ones (packages/personalize visitor-ids.ts), and this runs while the body is hidden, in the
 * 8 KB client (bench/sdk-size.mjs).
 */
import { AUTH_STATE_AUTHENTICATED, CUSTOMER_IDS_STORAGE_KEY, type CustomerIdStorage } from '@mesura/identity';
import { CUSTOMER_IDS_EVENT } from './constants.js';

/** By integration code, as declared or stored: `{ id, authState }`, unchecked. */
export type CustomerIds = Record<string, { id?: unknown; authState?: unknown } | null>;

/** What `window.mesura` may hold: the queue's declarations (`c`), or the SDK's `customerIds()`. */
interface CustomerIdsHolder {
  c?: CustomerIds;
  customerIds?(): CustomerIds;
}

export interface PageCustomerIdsEnv {
  /** `window`: its `mesura`, and where the declaration event arrives. */
  window: Pick<EventTarget, 'addEventListener'> & { mesura?: unknown };
  /**
   * The tab's session storage (`() => sessionStorage`): read when the ids are, inside their
   * guard, since the mere access throws in a sandboxed frame.
   */
  storage(): Pick<CustomerIdStorage, 'getItem'>;
  /** Is the visitor logged in (the login cookie)? */
  loggedIn(): boolean;
}

/** The ids known now: the page's declarations win over the tab's. */
export function currentCustomerIds(env: PageCustomerIdsEnv): CustomerIds {
  const holder = env.window.mesura as CustomerIdsHolder | undefined;
  let stored: CustomerIds | undefined;
  try {
    // null when none are kept; a value that is not an object is spread into nothing the client keeps.
    stored = JSON.parse(env.storage().getItem(CUSTOMER_IDS_STORAGE_KEY)!);
  } catch {
    // Storage denied, or not JSON: none kept.
  }
  return { ...stored, ...(typeof holder?.customerIds === 'function' ? holder.customerIds() : holder?.c) };
}

/** The visitor-ids provider's `customerIds`: at once, or once the logged-in visitor's ids are declared. */
export function pageCustomerIds(env: PageCustomerIdsEnv): () => Promise<CustomerIds> {
  return () => {
    const now = currentCustomerIds(env);
    // A logged-in visitor's ids say so (authState 1); those kept from before a new login do not.
    return Object.values(now).some((entry) => entry?.authState === AUTH_STATE_AUTHENTICATED) || !env.loggedIn()
      ? Promise.resolve(now)
      : new Promise((resolve) => env.window.addEventListener(CUSTOMER_IDS_EVENT, () => resolve(currentCustomerIds(env)), { once: true }));
  };
}
