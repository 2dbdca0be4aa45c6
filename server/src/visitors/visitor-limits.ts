/** The limits of visitor accounts, each named once; the store's bounds (accounts, list items) are store/visitor-store.ts's. */

/** A visitor session ends after this long without a request. */
export const VISITOR_SESSION_IDLE_MS = 30 * 86_400_000;
/** Account changes (sign-up, sign-in) per address and second, and their burst. */
export const ACCOUNT_CHANGES_PER_S = 2;
export const ACCOUNT_CHANGES_BURST = 20;
/**
 * Longest "go back to" path a sign-up carries through its mailed link to the sign-in page; a longer
 * one is dropped (the visitor lands on the sign-in page all the same), so the link stays short.
 */
export const MAX_RETURN_PATH_CHARS = 500;
/**
 * How long a mailed password-reset link works: an hour, shorter than a sign-up's link, because it
 * sets the password of an account that already holds the visitor's list.
 */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
