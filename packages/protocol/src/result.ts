/**
 * What every decoder of this package returns: the value, or one line saying why there is none.
 * Decoders never throw on bad input, because bad input is the normal case at a public collector;
 * they throw only on programming errors (see errors.ts).
 */
export type DecodeResult<T> = { ok: true; value: T } | { ok: false; reason: string };

export function decoded<T>(value: T): DecodeResult<T> {
  return { ok: true, value };
}

export function rejected<T>(reason: string): DecodeResult<T> {
  return { ok: false, reason };
}
