/** The ad break (pod) object (spec §3: name, position, startTime). */
import { checkObject, type Checked, type Schema } from './input-checks.js';

export interface AdBreakObject {
  name: string;
  /** Its index among the content's breaks, from 1. */
  position: number;
  /** Where it sits in the content, seconds; 0 when not given (§9 "default '0.0'"). */
  startTime: number;
}

const AD_BREAK_SCHEMA: Schema = {
  name: { rule: 'id' },
  position: { rule: 'count' },
  // §5 checks the position, not the start time: a break without one sits at 0.
  startTime: { rule: 'count', optional: true },
};

export function createAdBreakObject(name: string, position: number, startTime: number): AdBreakObject {
  return { name, position: floorIfNumber(position), startTime: floorIfNumber(startTime) };
}

export function checkAdBreakObject(data: unknown): Checked<AdBreakObject> {
  const checked = checkObject<AdBreakObject>('adBreak', data, AD_BREAK_SCHEMA);
  if (!checked.ok) return checked;
  const startTime = (checked.value as Partial<AdBreakObject>).startTime ?? 0;
  return { ...checked, value: { ...checked.value, startTime } };
}

/** §9: lengths and positions floored; anything else is kept for the check to refuse. */
export function floorIfNumber<T>(value: T): T {
  return (typeof value === 'number' ? Math.floor(value) : value) as T;
}
