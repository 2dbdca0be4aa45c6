/**
 * Patterns whose length bound is a limit of constants.ts, built from the limit rather than
 * repeating its number. A function, not an inline `new RegExp(`…${MAX}…`)`, so that the call can be
 * annotated pure: the bundler cannot drop an unused template, and the browser bundle would keep
 * the decoder's patterns.
 */

/** `^{charClass}{1,max}$`: one to `max` characters of `charClass`, nothing else. */
export function boundedPattern(charClass: string, max: number): RegExp {
  return new RegExp(`^${charClass}{1,${max}}$`);
}
