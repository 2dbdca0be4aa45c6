import { LIST_FIELDS } from './defaults.js';
import { fieldOf, listOf, textOf } from './raw-value.js';

/**
 * Reads every field of one data-layer group and applies its default (§5): a trimmed string form
 * when the field is usable, the field's default when it is missing, blank or wrong-typed.
 * `defaults` names the fields to read, so fields the spec does not know are left out.
 */
export function resolveGroup<F extends string>(raw: unknown, defaults: Readonly<Record<F, string>>): Record<F, string> {
  const resolved = {} as Record<F, string>;
  for (const field of Object.keys(defaults) as F[]) {
    const value = fieldOf(raw, field);
    const text = LIST_FIELDS.has(field) ? listOf(value) : textOf(value);
    resolved[field] = text ?? defaults[field];
  }
  return resolved;
}
