/**
 * Value templates, the tag-manager convention: `%name%` stands for a data element's value.
 */

const REFERENCE = /%([^%\s]+)%/g;
const WHOLE_REFERENCE = /^%([^%\s]+)%$/;

/** The data-element names a template refers to. */
export function references(template: string): string[] {
  return Array.from(template.matchAll(REFERENCE), (m) => m[1] as string);
}

/** A value as text: `''` for undefined and null. */
export const text = (value: unknown): string => (value == null ? '' : String(value));

/**
 * Resolves a template. A template that is exactly one reference gives the element's value as it
 * is (a number stays a number); otherwise each reference is replaced by its text.
 */
export function resolveTemplate(template: string, get: (name: string) => unknown): unknown {
  const whole = WHOLE_REFERENCE.exec(template);
  if (whole) return get(whole[1] as string);
  return template.replace(REFERENCE, (_, name: string) => text(get(name)));
}

/** `value` as a regular expression matching itself literally. */
export const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
