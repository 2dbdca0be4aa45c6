/**
 * The numbered variable families of a beacon: props `c1`…`c75`, eVars `v0`…`v250`, hierarchies
 * `h1`…`h5` and list variables `l1`…`l3`. A parameter of one of these shapes is always known: an
 * out-of-range number (`c76`, `v251`, `c0`) is refused rather than ignored, because it means a tag
 * writes a variable that no report will ever show.
 */
import type { AnalyticsHit } from './analytics-hit.js';
import { MAX_EVAR_SLOT, MAX_HIERARCHY_SLOT, MAX_LIST_SLOT, MAX_PROP_SLOT, MIN_EVAR_SLOT, MIN_HIERARCHY_SLOT, MIN_LIST_SLOT, MIN_PROP_SLOT } from './constants.js';
import { unknownVariableSlot } from './errors.js';

/** The hit fields that hold numbered variables. */
export type SlotFamily = keyof Pick<AnalyticsHit, 'props' | 'eVars' | 'hierarchies' | 'lists'>;

interface FamilyRule {
  /** The parameter's letter: `c12` is prop 12. */
  prefix: string;
  family: SlotFamily;
}

/** In the order the library writes the families. */
export const SLOT_FAMILIES: readonly FamilyRule[] = [
  { prefix: 'c', family: 'props' },
  { prefix: 'v', family: 'eVars' },
  { prefix: 'h', family: 'hierarchies' },
  { prefix: 'l', family: 'lists' },
];

/**
 * The slot numbers each family accepts, `[min, max]`. Apart from SLOT_FAMILIES because only the
 * reader checks them: the encoder, in the browser bundle, writes whatever slots the hit holds.
 */
const SLOT_RANGES: Readonly<Record<SlotFamily, readonly [min: number, max: number]>> = {
  props: [MIN_PROP_SLOT, MAX_PROP_SLOT],
  eVars: [MIN_EVAR_SLOT, MAX_EVAR_SLOT],
  hierarchies: [MIN_HIERARCHY_SLOT, MAX_HIERARCHY_SLOT],
  lists: [MIN_LIST_SLOT, MAX_LIST_SLOT],
};

/** A letter of a family followed by digits; `c`, `v`, `ce`, `ch`, `vid` are other parameters. */
const SLOT_PARAM = /^([cvhl])(\d+)$/;
const CANONICAL_NUMBER = /^(?:0|[1-9]\d*)$/;
const DIGIT_0 = 48;
const DIGIT_9 = 57;

export type SlotParam = { family: SlotFamily; slot: number } | { reason: string };

/**
 * `c12` → prop 12; `c76` or `c012` → the reason it is refused; a parameter of another shape →
 * undefined.
 */
export function readSlotParam(param: string): SlotParam | undefined {
  // Most parameters are not numbered variables; a second character that is not a digit says so
  // without running the pattern.
  const second = param.charCodeAt(1);
  if (!(second >= DIGIT_0 && second <= DIGIT_9)) return undefined;
  const match = SLOT_PARAM.exec(param);
  if (!match) return undefined;
  const [, prefix, digits = ''] = match;
  const rule = SLOT_FAMILIES.find((candidate) => candidate.prefix === prefix);
  const range = rule && SLOT_RANGES[rule.family];
  const slot = Number(digits);
  if (!rule || !range || !CANONICAL_NUMBER.test(digits) || slot < range[0] || slot > range[1]) {
    return { reason: unknownVariableSlot(param) };
  }
  return { family: rule.family, slot };
}

/** The slots of one family in ascending order, as `[param, value]` pairs. */
export function slotParams(prefix: string, values: Readonly<Record<number, string>>): [string, string][] {
  return Object.keys(values)
    .map(Number)
    .sort((a, b) => a - b)
    .map((slot) => [`${prefix}${slot}`, values[slot] ?? '']);
}
