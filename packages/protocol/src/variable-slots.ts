/**
 * The numbered variable families of a beacon: props `c1`…`c75`, eVars `v0`…`v250`, hierarchies
 * `h1`…`h5` and list variables `l1`…`l3`. A parameter of one of these shapes is always known: an
 * out-of-range number (`c76`, `v251`, `c0`) is refused rather than ignored, because it means a tag
 * writes a variable that no report will ever show.
 */
import type { AnalyticsHit } from './analytics-hit.js';
import {
  MAX_EVAR_SLOT,
  MAX_HIERARCHY_SLOT,
  MAX_LIST_SLOT,
  MAX_PROP_SLOT,
  MIN_EVAR_SLOT,
  MIN_HIERARCHY_SLOT,
  MIN_LIST_SLOT,
  MIN_PROP_SLOT,
} from './constants.js';
import { unknownVariableSlot } from './errors.js';

/** The hit fields that hold numbered variables. */
export type SlotFamily = keyof Pick<AnalyticsHit, 'props' | 'eVars' | 'hierarchies' | 'lists'>;

interface FamilyRule {
  /** The parameter's letter: `c12` is prop 12. */
  prefix: string;
  family: SlotFamily;
  min: number;
  max: number;
}

/** In the order the library writes the families. */
export const SLOT_FAMILIES: readonly FamilyRule[] = [
  { prefix: 'c', family: 'props', min: MIN_PROP_SLOT, max: MAX_PROP_SLOT },
  { prefix: 'v', family: 'eVars', min: MIN_EVAR_SLOT, max: MAX_EVAR_SLOT },
  { prefix: 'h', family: 'hierarchies', min: MIN_HIERARCHY_SLOT, max: MAX_HIERARCHY_SLOT },
  { prefix: 'l', family: 'lists', min: MIN_LIST_SLOT, max: MAX_LIST_SLOT },
];

/** A letter of a family followed by digits; `c`, `v`, `ce`, `ch`, `vid` are other parameters. */
const SLOT_PARAM = /^([cvhl])(\d+)$/;
const CANONICAL_NUMBER = /^(?:0|[1-9]\d*)$/;

export type SlotParam = { family: SlotFamily; slot: number } | { reason: string };

/**
 * `c12` → prop 12; `c76` or `c012` → the reason it is refused; a parameter of another shape →
 * undefined.
 */
export function readSlotParam(param: string): SlotParam | undefined {
  const match = SLOT_PARAM.exec(param);
  if (!match) return undefined;
  const [, prefix, digits = ''] = match;
  const rule = SLOT_FAMILIES.find((candidate) => candidate.prefix === prefix);
  const slot = Number(digits);
  if (!rule || !CANONICAL_NUMBER.test(digits) || slot < rule.min || slot > rule.max) {
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
