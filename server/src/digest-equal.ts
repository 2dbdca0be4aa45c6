/**
 * Secrets compared in constant time. `timingSafeEqual` throws on buffers of different lengths, and
 * a length checked in characters is not one in bytes (a header's byte past ASCII is one character
 * but two UTF-8 bytes): comparing SHA-256 digests gives two 32-byte buffers whatever the client
 * sent, and tells nothing of the secret's length either.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Whether `given` equals `expected`, in time independent of where they differ. */
export function secretsEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
