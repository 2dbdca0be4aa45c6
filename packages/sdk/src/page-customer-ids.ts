/**
 * The page's customer ids (§3) as every bundle reads them: those the page declared
 * (`window.mesura.setCustomerIds`, through the head snippet's queue before /mesura.js arrives)
 * over those kept for the tab (@mesura/identity's customer-id-storage.ts). The personalisation
 * client asks for them with its 2000 ms visitor-API wait (§9): a logged-in visitor (the login
 * cookie, §3 "Login status") whose authenticated ids are not known yet is waited for until the
 * site declares them (`mesura:customer-ids`), since a request without them would decide for a
 * stranger; anyone else's request goes at once. Entries are not checked here: the client keeps only
 * well-formed ones (packages/personalize visitor-ids.ts), which keeps this bundle small.
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
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { mesura?: unknown };
  /** The tab's session storage, when readable. */
  storage: CustomerIdStorage | undefined;
  /** Is the visitor logged in (the login cookie)? */
  loggedIn(): boolean;
}

/** The ids known now: the page's declarations win over the tab's. */
export function currentCustomerIds(env: PageCustomerIdsEnv): CustomerIds {
  const holder = (env.window.mesura ?? {}) as CustomerIdsHolder;
  const declared = typeof holder.customerIds === 'function' ? holder.customerIds() : holder.c;
  let stored: unknown;
  try {
    stored = JSON.parse(env.storage?.getItem(CUSTOMER_IDS_STORAGE_KEY) ?? '{}');
  } catch {
    // Storage denied, or not JSON: none kept.
  }
  return { ...(typeof stored === 'object' ? (stored as CustomerIds) : {}), ...declared };
}

/** The visitor-ids provider's `customerIds`: at once, or once the logged-in visitor's ids are declared. */
export function pageCustomerIds(env: PageCustomerIdsEnv): () => Promise<CustomerIds> {
  return () => {
    const now = currentCustomerIds(env);
    // A logged-in visitor's ids say so (authState 1); those kept from before a new login do not.
    const known = Object.values(now).some((entry) => entry?.authState === AUTH_STATE_AUTHENTICATED);
    if (known || !env.loggedIn()) return Promise.resolve(now);
    return new Promise((resolve) => {
      const declared = () => {
        env.window.removeEventListener(CUSTOMER_IDS_EVENT, declared);
        resolve(currentCustomerIds(env));
      };
      env.window.addEventListener(CUSTOMER_IDS_EVENT, declared);
    });
  };
}
