/**
 * Whether a request may go (spec §4 "Consent", §8 "delivery disabled"). Pure: the client reads
 * consent, cookies and the query string, and this says why, if at all, delivery is held back.
 */
import { DISABLE_PARAM } from './constants.js';

/**
 * Why no request goes. A closed set:
 * - `no-consent`: the personalisation vendor has no consent (§4); the visitor sees default content.
 * - `cookies-not-savable`: a cookie written could not be read back (§8).
 * - `disable-cookie`: the disable cookie is present, written by a `disabled` answer or the parameter.
 * - `disable-param`: the page's address carries `mboxDisable` (§8 "disable … parameter").
 */
export type HeldReason = 'no-consent' | 'cookies-not-savable' | 'disable-cookie' | 'disable-param';

export interface GateInput {
  consented: boolean;
  /** Asked only once consent is given: the check writes a cookie. */
  cookiesSavable: () => boolean;
  /** The disable cookie's value, if any. */
  disableCookie: string | undefined;
  /** The page's query string (`location.search`). */
  search: string;
}

/** The reason delivery is held back, checked in this order; undefined when a request may go. */
export function heldReason(input: GateInput): HeldReason | undefined {
  if (!input.consented) return 'no-consent';
  if (hasDisableParam(input.search)) return 'disable-param';
  if (input.disableCookie !== undefined) return 'disable-cookie';
  if (!input.cookiesSavable()) return 'cookies-not-savable';
  return undefined;
}

/** `?mboxDisable` with any value, or none. */
export function hasDisableParam(search: string): boolean {
  return new URLSearchParams(search).has(DISABLE_PARAM);
}
