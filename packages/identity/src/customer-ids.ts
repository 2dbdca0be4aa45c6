import { authStateOf, type AuthState } from '@mesura/protocol';

export type { AuthState };

/** A customer id as kept and sent (§3 "Customer IDs: id, authState, optional hashType"). */
export interface CustomerId {
  id: string;
  authState: AuthState;
  /** How `id` was hashed (e.g. `SHA256`), when the page hashed it. */
  hashType?: string;
}

/** What a page passes for one integration code. Checked at run time: pages are JavaScript. */
export interface CustomerIdInput {
  /** A non-empty string, or the entry is refused (§5). */
  id: string;
  /** Defaults to unknown (0); any value other than 0, 1, 2 counts as unknown. */
  authState?: AuthState;
  /** Kept when a non-empty string, dropped otherwise. */
  hashType?: string;
}

/**
 * Why an entry was refused (§5).
 * - `empty-integration-code`: the key is empty or blank.
 * - `empty-id`: the entry is not an object, or its `id` is not a non-empty string.
 */
export type CustomerIdRefusalReason = 'empty-integration-code' | 'empty-id';

export interface CustomerIdRefusal {
  integrationCode: string;
  reason: CustomerIdRefusalReason;
}

export interface CheckedCustomerIds {
  accepted: Record<string, CustomerId>;
  refused: CustomerIdRefusal[];
}

/** Splits a page's customer ids into those kept and those refused; refusing one keeps the others. */
export function checkCustomerIds(input: Readonly<Record<string, CustomerIdInput>>): CheckedCustomerIds {
  const checked: CheckedCustomerIds = { accepted: {}, refused: [] };
  for (const [integrationCode, entry] of Object.entries(input)) {
    const { id, authState, hashType } = (entry ?? {}) as Partial<Record<keyof CustomerIdInput, unknown>>;
    const reason = !isText(integrationCode) ? 'empty-integration-code' : !isText(id) ? 'empty-id' : undefined;
    if (reason) {
      checked.refused.push({ integrationCode, reason });
      continue;
    }
    const customerId: CustomerId = { id: id as string, authState: authStateOf(authState) };
    if (isText(hashType)) customerId.hashType = hashType;
    checked.accepted[integrationCode] = customerId;
  }
  return checked;
}

/** A blank string is refused too: it identifies no one. */
function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
