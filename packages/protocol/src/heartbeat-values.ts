/**
 * How the heartbeat decoder (heartbeat-decoder.ts) reads one value: a text, a long or a boolean by
 * its key's rules, and each field of heartbeat-fields.ts by a rule worked out once, at module load,
 * rather than on every heartbeat (its type from its key's prefix, its fallback, its closed set as a
 * Set, the id field that opens its group).
 */
import {
  malformedHeartbeatBoolean,
  malformedHeartbeatLong,
  missingHeartbeatKey,
  negativeHeartbeatLong,
  oversizedHeartbeatValue,
  unknownHeartbeatValue,
  unsafeHeartbeatLong,
} from './heartbeat-errors.js';
import {
  HEARTBEAT_ASSET_TYPES,
  HEARTBEAT_EVENT_TYPES,
  HEARTBEAT_FIELDS,
  HEARTBEAT_GROUP_IDS,
  heartbeatFieldType,
  type HeartbeatClosedSet,
  type HeartbeatField,
  type HeartbeatFieldGroup,
  type HeartbeatValueType,
} from './heartbeat-fields.js';
import { MAX_HEARTBEAT_VALUE_CHARS } from './stored-text-limits.js';

/** Thrown while a heartbeat is read and turned into the decoder's reason; never escapes it. */
export class Refusal {
  constructor(readonly reason: string) {}
}

export type FieldValue = string | number | boolean | undefined;

/** One field of HEARTBEAT_FIELDS as the decoder reads it. */
export interface FieldRule {
  key: string;
  group: HeartbeatFieldGroup;
  prop: string;
  type: HeartbeatValueType;
  required: boolean;
  /** What an absent text reads as; for a long, what an absent one reads as (undefined when required). */
  fallback: string | number | undefined;
  /** The least value of a long. */
  min: number;
  /** The closed set: as a Set for the check, in wire order for the reason. */
  oneOf: { set: ReadonlySet<string>; values: readonly string[] } | undefined;
  /** For a field of the ad or the chapter: the place in FIELD_RULES of the id that opens its group. */
  idField: number | undefined;
}

const LONG = /^-?\d{1,16}$/;
const CLOSED_SETS: Readonly<Record<HeartbeatClosedSet, readonly string[]>> = {
  eventType: HEARTBEAT_EVENT_TYPES,
  assetType: HEARTBEAT_ASSET_TYPES,
};

function fieldRules(fields: readonly HeartbeatField[]): FieldRule[] {
  const places = new Map(fields.map((field, place) => [field.key, place]));
  return fields.map((field) => {
    const type = heartbeatFieldType(field);
    const required = field.required === true;
    const idKey = HEARTBEAT_GROUP_IDS[field.group];
    const values = field.oneOf === undefined ? undefined : CLOSED_SETS[field.oneOf];
    return {
      key: field.key,
      group: field.group,
      prop: field.prop,
      type,
      required,
      fallback: type !== 'long' ? field.fallback : required ? undefined : Number(field.fallback ?? 0),
      min: field.min ?? 0,
      oneOf: values === undefined ? undefined : { set: new Set(values), values },
      idField: idKey === undefined ? undefined : places.get(idKey),
    };
  });
}

// Pure for the bundler: the tracker's bundle encodes heartbeats and must not carry these tables.
/** HEARTBEAT_FIELDS, in the same order. */
export const FIELD_RULES: readonly FieldRule[] = /* @__PURE__ */ fieldRules(HEARTBEAT_FIELDS);
/** Each field's place in FIELD_RULES, by key. */
export const FIELD_PLACES: ReadonlyMap<string, number> = /* @__PURE__ */ new Map(/* @__PURE__ */ FIELD_RULES.map((rule, place) => [rule.key, place]));

/** A text value as sent, undefined when absent or empty; refused over MAX_HEARTBEAT_VALUE_CHARS. */
export function readText(key: string, value: string | undefined): string | undefined {
  if (value !== undefined && value.length > MAX_HEARTBEAT_VALUE_CHARS) throw new Refusal(oversizedHeartbeatValue(key, value.length));
  return value === '' ? undefined : value;
}

/** A whole number of at least `min` (the field's: durations and counts are never negative), else `fallback`. */
export function readLong(key: string, value: string | undefined, fallback: number | undefined, min: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  if (!LONG.test(value)) throw new Refusal(malformedHeartbeatLong(key, value));
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Refusal(unsafeHeartbeatLong(key, value));
  if (n < min) throw new Refusal(negativeHeartbeatLong(key, value, min));
  return n;
}

function readBoolean(key: string, value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (value !== '1' && value !== '0') throw new Refusal(malformedHeartbeatBoolean(key, value));
  return value === '1';
}

/** One field by its rule; undefined when absent and optional. */
export function readField(rule: FieldRule, sent: string | undefined): FieldValue {
  const value = typedValue(rule, sent);
  if (value === undefined && rule.required) throw new Refusal(missingHeartbeatKey(rule.key));
  if (rule.oneOf !== undefined && typeof value === 'string' && !rule.oneOf.set.has(value)) {
    throw new Refusal(unknownHeartbeatValue(rule.key, value, rule.oneOf.values));
  }
  return value;
}

function typedValue(rule: FieldRule, sent: string | undefined): FieldValue {
  switch (rule.type) {
    case 'boolean':
      return readBoolean(rule.key, sent);
    case 'long':
      return readLong(rule.key, sent, rule.fallback as number | undefined, rule.min);
    // The library writes the pod position as text: any number is read, anything else is 0.
    case 'position':
      return Number(readText(rule.key, sent) ?? 0) || 0;
    case 'string':
      return readText(rule.key, sent) ?? (rule.fallback as string | undefined);
  }
}
