/**
 * Small checks the activity validators share: each returns a one-line problem, or undefined.
 */

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Control characters have no place in a name, selector or URL and hide what a console shows. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A string of 1 to `maxChars` characters (0 allowed when `allowEmpty`), without control characters. */
export function textProblem(label: string, value: unknown, maxChars: number, allowEmpty = false): string | undefined {
  if (typeof value !== 'string') return `${label} must be text`;
  if (value === '' && !allowEmpty) return `${label} must not be empty`;
  if (value.length > maxChars) return `${label} is longer than ${maxChars} characters`;
  if (CONTROL_CHARACTERS.test(value)) return `${label} contains control characters`;
  return undefined;
}

/** Content (HTML, text, JSON text) within `maxBytes` of UTF-8. */
export function bytesProblem(label: string, text: string, maxBytes: number): string | undefined {
  return Buffer.byteLength(text, 'utf8') > maxBytes ? `${label} is larger than ${maxBytes} bytes` : undefined;
}

/** Fields outside `allowed`: a misspelt field would otherwise be stored and silently do nothing. */
export function unknownFieldProblem(label: string, value: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  return unknown === undefined ? undefined : `${label}: unknown field ${JSON.stringify(unknown.slice(0, 60))}`;
}

export function wholeNumberProblem(label: string, value: unknown, max: number): string | undefined {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max ? undefined : `${label} must be a whole number from 0 to ${max}`;
}
