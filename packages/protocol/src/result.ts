/**
 * What every check and decoder returns, here and across the workspaces: the value, or why there is
 * none (a one-line reason by default). Decoders never throw on bad input, because bad input is the
 * normal case at a public collector; they throw only on programming errors (see errors.ts).
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; reason: E };

export function decoded<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function rejected<T>(reason: string): Result<T> {
  return { ok: false, reason };
}
