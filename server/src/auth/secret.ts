/** The random secrets behind sessions and API tokens, and how they are kept: only a SHA-256 of each. */
import { createHash, randomBytes } from 'node:crypto';

export const SECRET_BYTES = 32;
/** API tokens start with this, so that a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'mesura_';

export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/**
 * A plain SHA-256 is enough here (no salt, no stretching): the secret has 256 random bits, so
 * the hash cannot be reversed, and a lookup by hash needs it to be deterministic.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
