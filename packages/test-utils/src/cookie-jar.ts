/**
 * The one fake cookie jar of the repository's tests: @mesura/identity's, whose cookie jar it stands
 * for, and @mesura/personalize's, whose client keeps its state in the same cookies.
 */

/**
 * `@mesura/identity`'s `CookieJar` (what `document.cookie` does), plus what was written. Written out
 * rather than imported, so that the shared test utilities need no dependency on @mesura/identity;
 * a jar of another shape fails to type-check where a test hands it to identity or personalize.
 */
export interface FakeJar {
  /** All cookies, as `document.cookie` returns them (`a=1; b=2`). */
  get(): string;
  /** Writes one cookie, as assigning `document.cookie` does (`a=1; Max-Age=60; Path=/`). */
  set(cookie: string): void;
  /** Every string written, as the page would assign it to `document.cookie`. */
  writes: string[];
}

/**
 * A cookie jar that behaves as `document.cookie` does for what Mesura writes: `Max-Age` counts on
 * `clock`, `Max-Age` ≤ 0 deletes, other attributes are recorded but not enforced. `blocked`: a
 * browser that saves nothing.
 */
export function fakeCookieJar(clock: { nowMs: number } = { nowMs: 0 }, initial = '', blocked = false): FakeJar {
  const cookies = new Map<string, { value: string; expiresMs: number }>();
  const writes: string[] = [];
  const store = (raw: string) => {
    const [pair = '', ...attributes] = raw.split(';');
    const eq = pair.indexOf('=');
    const maxAge = attributes.map((a) => /^\s*Max-Age=(-?\d+)$/i.exec(a)?.[1]).find((v) => v !== undefined);
    const name = pair.slice(0, eq).trim();
    if (maxAge !== undefined && Number(maxAge) <= 0) cookies.delete(name);
    else cookies.set(name, { value: pair.slice(eq + 1), expiresMs: maxAge === undefined ? Infinity : clock.nowMs + Number(maxAge) * 1000 });
  };
  for (const pair of initial.split('; ').filter(Boolean)) store(pair);
  return {
    writes,
    get: () =>
      [...cookies]
        .filter(([, cookie]) => cookie.expiresMs > clock.nowMs)
        .map(([name, cookie]) => `${name}=${cookie.value}`)
        .join('; '),
    set: (raw) => {
      writes.push(raw);
      if (!blocked) store(raw);
    },
  };
}
