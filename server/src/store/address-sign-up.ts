/**
 * What the visitor and engagement stores keep and answer for a sign-up by address; the tokens
 * themselves are made and mailed by mail/confirmation-token.ts.
 */

/** A confirmation as a store keeps it. */
export interface PendingConfirmation {
  /** Kept by the store; the token itself is only in the mail. */
  tokenHash: string;
  expiresAtMs: number;
}

/**
 * What a sign-up by address (a visitor account, a newsletter subscription) found, for the stores
 * to answer and the routes to choose the mail by; never told to the one signing up.
 * - `created`: a new entry, unconfirmed;
 * - `renewed`: an unconfirmed entry, now with the new token (the earlier link confirms nothing);
 * - `exists`: a confirmed entry, left as it was;
 * - `full`: the store is at its bound, whatever the address.
 */
export type AddressSignUpOutcome = 'created' | 'renewed' | 'exists' | 'full';
