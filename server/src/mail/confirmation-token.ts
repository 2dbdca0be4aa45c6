/**
 * The single-use tokens that confirm an address (a visitor account, a newsletter subscription):
 * the mail carries the token, the store keeps only its SHA-256 and an expiry, so a copy of the
 * store cannot confirm anything. 256 random bits, as session secrets (auth/secret.ts).
 */
import { newSecret, secretHash } from '../auth/secret.js';
import type { PendingConfirmation } from '../store/address-sign-up.js';

/** How long a mailed link confirms: a day, so a mail read the next morning still works. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

/** A token as newSecret() writes it (32 bytes in base64url); anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface NewConfirmation extends PendingConfirmation {
  token: string;
}

/** A new token and what the store keeps of it; `ttlMs` defaults to CONFIRMATION_TTL_MS (a password reset's is shorter). */
export function newConfirmation(nowMs: number, ttlMs = CONFIRMATION_TTL_MS): NewConfirmation {
  const token = newSecret();
  return { token, tokenHash: secretHash(token), expiresAtMs: nowMs + ttlMs };
}

/** The hash to look a link's token up by; undefined when it cannot be one of ours. */
export function confirmationTokenHash(token: unknown): string | undefined {
  return typeof token === 'string' && TOKEN_PATTERN.test(token) ? secretHash(token) : undefined;
}

/** The one answer to every sign-up by address, whatever it found: what differs goes by mail to the address. */
export const CHECK_YOUR_MAIL = { status: 'check-your-mail' } as const;
