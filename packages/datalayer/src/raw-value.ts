/**
 * Reading values out of the page's data layer, which the site (or a third-party script) writes
 * by hand: any value may be missing, blank or of the wrong type, and none of that may throw.
 */
import { LIST_SEPARATOR } from './constants.js';

/** An object that fields can be read from (arrays and null are not). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return !Array.isArray(value);
  } catch {
    // Array.isArray throws on a revoked Proxy: nothing can be read from it.
    return false;
  }
}

/**
 * One field of a data-layer group, or `undefined` when the group is not an object. A getter that
 * throws counts as a missing field: the data layer is outside our control and reading it must
 * never break the page.
 */
export function fieldOf(group: unknown, key: string): unknown {
  if (!isRecord(group)) return undefined;
  try {
    return group[key];
  } catch {
    return undefined;
  }
}

/**
 * The string form of a scalar value, trimmed; `undefined` when the value is missing.
 * Missing means: undefined, null, blank or whitespace-only text, a number that is not finite,
 * and anything that is not a string, number or boolean (objects, arrays, functions…).
 * Numbers and booleans are kept in their string form (`12` → "12", `true` → "true") because the
 * beacon carries text.
 */
export function textOf(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (typeof value === 'boolean') text = String(value);
  else return undefined;
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The comma-list form of a list value: a string as {@link textOf} reads it, or an array whose
 * usable entries are joined with {@link LIST_SEPARATOR}. Entries that are missing are dropped;
 * an array with no usable entry is missing.
 */
export function listOf(value: unknown): string | undefined {
  if (!Array.isArray(value)) return textOf(value);
  const entries: string[] = [];
  for (const entry of value as unknown[]) {
    const text = textOf(entry);
    if (text !== undefined) entries.push(text);
  }
  return entries.length === 0 ? undefined : entries.join(LIST_SEPARATOR);
}
