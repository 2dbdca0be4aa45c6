/**
 * Password hashing with scrypt (node:crypto, OpenSSL's implementation): memory-hard, per-user
 * random salt, and a self-describing stored string (`scrypt$N$r$p$salt$hash`) so that the cost
 * can be raised later without breaking existing users.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { MIN_PASSWORD_CHARS } from '@mesura/content';

/** Longer inputs are refused before hashing: scrypt's cost should not be the caller's to choose. */
export const MAX_PASSWORD_LENGTH = 1024;
/** CPU/memory cost (2^15), block size and parallelism: OWASP's scrypt minimum, about 90 ms per hash on this machine. */
export const SCRYPT_COST = 2 ** 15;
export const SCRYPT_BLOCK_SIZE = 8;
export const SCRYPT_PARALLELISM = 1;
export const SCRYPT_KEY_BYTES = 64;
export const SCRYPT_SALT_BYTES = 16;
/** 128 × N × r bytes is what scrypt needs; twice that leaves room above Node's 32 MiB default. */
const SCRYPT_MAX_MEMORY_BYTES = 256 * SCRYPT_COST * SCRYPT_BLOCK_SIZE;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Why a password cannot be set, or undefined when it can. */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string') return 'password must be a string';
  if (password.length < MIN_PASSWORD_CHARS) return `password must have at least ${MIN_PASSWORD_CHARS} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT_SALT_BYTES);
  const options = { N: SCRYPT_COST, r: SCRYPT_BLOCK_SIZE, p: SCRYPT_PARALLELISM, maxmem: SCRYPT_MAX_MEMORY_BYTES };
  const key = await derive(password, salt, options, SCRYPT_KEY_BYTES);
  return ['scrypt', SCRYPT_COST, SCRYPT_BLOCK_SIZE, SCRYPT_PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches the stored string; false for any malformed one. Compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || password.length > MAX_PASSWORD_LENGTH) return false;
  const expected = Buffer.from(key, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * Number(n) * Number(r) };
  try {
    const actual = await derive(password, Buffer.from(salt, 'base64'), options, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/**
 * A hash no password matches, verified against when an email is unknown, so that the answer
 * takes as long as for a known one and does not tell which emails have accounts.
 */
export function unknownUserHash(): Promise<string> {
  return (unknownUserHashOnce ??= hashPassword(randomBytes(SCRYPT_KEY_BYTES).toString('base64')));
}
let unknownUserHashOnce: Promise<string> | undefined;
