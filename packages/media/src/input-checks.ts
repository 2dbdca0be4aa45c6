/**
 * The checks of §5 "Playback input checks", driven by one table per object (media, ad break, ad,
 * chapter, QoS). A required field that fails refuses the whole object with 'Invalid input data'
 * naming the field; null refuses it with 'Data cannot be null'; an optional field that fails is
 * dropped with its warning; a field the table does not know is dropped with 'Unable to validate
 * unknown parameter'. The checks run when the tracker receives an object, not when a factory makes
 * it, so that an object written by hand is held to the same rules.
 */
import { DATA_CANNOT_BE_NULL, invalidInputData, unknownParameter } from './errors.js';

/**
 * What a field must be.
 * - `string`: a string, possibly empty.
 * - `id`: a non-empty string (§5 "Required, string, non-empty").
 * - `number`: a number, not NaN (§5 "Required number, not NaN").
 * - `count`: a number, not NaN, floored (§9 "lengths and positions floored to integers").
 * - `boolean`: true or false.
 * - `millis`: a number or a numeric string, not NaN (§5 preroll wait "not string/number/NaN").
 * - `map`: an object; only its string, number and boolean values are kept.
 */
export type FieldRule = 'string' | 'id' | 'number' | 'count' | 'boolean' | 'millis' | 'map' | readonly string[];

export interface FieldSpec {
  rule: FieldRule;
  /** An optional field that fails is dropped; a required one refuses the object. */
  optional?: boolean;
  /** The warning logged when an optional field is dropped; none when absent. */
  ignoredWith?: string;
}

export type Schema = Readonly<Record<string, FieldSpec>>;

/** A checked object: its normalised value, or the reason it was refused; warnings either way. */
export type Checked<T> = { ok: true; value: T; warnings: string[] } | { ok: false; error: string; warnings: string[] };

/** What a required field must be, in messages (optional fields are dropped with their own warning). */
const EXPECTATIONS: Readonly<Partial<Record<Exclude<FieldRule, readonly string[]>, string>>> = {
  string: 'a string',
  id: 'a non-empty string',
  number: 'a number',
  count: 'a number',
};

/** Checks `data` against `schema`; `label` names it in messages (`ad.length`). */
export function checkObject<T>(label: string, data: unknown, schema: Schema): Checked<T> {
  const warnings: string[] = [];
  if (data === null || data === undefined) return { ok: false, error: DATA_CANNOT_BE_NULL, warnings };
  if (typeof data !== 'object') return { ok: false, error: invalidInputData(label, 'an object'), warnings };
  const value: Record<string, unknown> = {};
  for (const [field, given] of Object.entries(data)) {
    if (given === undefined) continue;
    const spec = Object.hasOwn(schema, field) ? schema[field] : undefined;
    if (spec === undefined) {
      warnings.push(unknownParameter(`${label}.${field}`));
      continue;
    }
    const normalised = normalise(given, spec.rule);
    if (normalised !== undefined) value[field] = normalised;
    else if (spec.ignoredWith !== undefined) warnings.push(spec.ignoredWith);
  }
  for (const [field, spec] of Object.entries(schema)) {
    if (spec.optional !== true && !Object.hasOwn(value, field)) {
      return { ok: false, error: invalidInputData(`${label}.${field}`, expectation(spec.rule)), warnings };
    }
  }
  return { ok: true, value: value as T, warnings };
}

/** The value as the tracker keeps it, or undefined when it fails its rule. */
export function normalise(value: unknown, rule: FieldRule): unknown {
  if (typeof rule !== 'string') return typeof value === 'string' && rule.includes(value) ? value : undefined;
  switch (rule) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'id':
      return typeof value === 'string' && value !== '' ? value : undefined;
    case 'number':
      return typeof value === 'number' && !Number.isNaN(value) ? value : undefined;
    case 'count':
      return typeof value === 'number' && !Number.isNaN(value) ? Math.floor(value) : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'millis': {
      const ms = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? Number(value) : Number.NaN;
      return Number.isNaN(ms) || ms < 0 ? undefined : ms;
    }
    case 'map':
      return keepScalars(value);
  }
}

/**
 * §5 "Custom metadata keeps only number, string, boolean values", written as the wire carries
 * them (strings); RULES 32: falsy values (`false`, 0, "") are dropped too, as the reference
 * library drops them. Undefined when `value` is not a plain object.
 */
export function keepScalars(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const kept: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    const type = typeof entry;
    if (entry && (type === 'string' || type === 'number' || type === 'boolean')) kept[key] = String(entry);
  }
  return kept;
}

function expectation(rule: FieldRule): string {
  return typeof rule === 'string' ? (EXPECTATIONS[rule] ?? rule) : `one of ${rule.join(', ')}`;
}

/** §4 "duplicates are refused": two checked objects with the same fields. */
export function sameObject(a: object, b: object): boolean {
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((key) => x[key] === y[key]);
}
