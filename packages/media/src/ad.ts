/** The ad object (spec §3: name, adId, position, length, optional granular tracking flag). */
import { IGNORED_GRANULAR_TRACKING } from './errors.js';
import { checkObject, type Checked, type Schema } from './input-checks.js';
import { floorIfNumber } from './ad-break.js';

export interface AdObject {
  name: string;
  /** `s:asset:ad_id`. */
  adId: string;
  /** Its position in the ad break, from 1 (`s:asset:pod_position`). */
  position: number;
  /** Seconds, floored. */
  length: number;
  /**
   * Granular ad tracking. Accepted for the library's API; ads are always tracked every second
   * (§9 "ad tracking interval 1 s"), which is what the flag asks for.
   */
  granularTracking?: boolean;
}

const AD_SCHEMA: Schema = {
  name: { rule: 'string' },
  adId: { rule: 'id' },
  position: { rule: 'count' },
  length: { rule: 'count' },
  granularTracking: { rule: 'boolean', optional: true, ignoredWith: IGNORED_GRANULAR_TRACKING },
};

export function createAdObject(name: string, adId: string, position: number, length: number): AdObject {
  return { name, adId, position: floorIfNumber(position), length: floorIfNumber(length) };
}

export function checkAdObject(data: unknown): Checked<AdObject> {
  return checkObject<AdObject>('ad', data, AD_SCHEMA);
}
