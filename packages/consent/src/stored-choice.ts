/**
 * Whether a stored TC string still holds the visitor's choice, from its header alone. Shared by the
 * full decoder (tc-string.ts, @iabtcf/core) and the small one (core-peek.ts), so both refuse the
 * same strings for the same reasons. Imports nothing but the constants.
 */
import { CONSENT_COOKIE_MAX_AGE_S } from './consent-config.js';

/**
 * Why a stored TC string is not taken as a choice. Each means "no choice: ask again", never consent.
 * - `empty: no stored choice`: no cookie, or an empty one.
 * - `malformed: not a TC string`: not base64url, too short, or a field out of range.
 * - `unsupported: TC string version is not 2`: a TCF v1 string.
 * - `expired: older than 13 months`: last updated more than the maximum age ago.
 * - `re-ask: vendor list changed`: made against another vendor list than the one shipped, so
 *   the visitor never saw the current vendors.
 */
export type StoredChoiceReason = 'empty: no stored choice' | 'malformed: not a TC string' | 'unsupported: TC string version is not 2' | 'expired: older than 13 months' | 're-ask: vendor list changed';

/** A stored TC string that holds no choice, and why. */
export interface StoredChoiceRefusal {
  ok: false;
  reason: StoredChoiceReason;
  /** The decoder's own message for a malformed string, for the debug log. */
  detail?: string;
}

/** The core-segment fields that decide whether a stored string is still a choice. */
export interface CoreHeader {
  version: number;
  /** Epoch ms of the last update (a day-level UTC timestamp since TCF 2.2). */
  lastUpdatedMs: number;
  vendorListVersion: number;
}

/** What a stored string is checked against. */
export interface StoredChoiceCheck {
  /** The vendor list shipped with the page: a `GVL` or the raw JSON both have this field. */
  gvl: { vendorListVersion: number };
  /** Epoch ms now. */
  now: number;
  /** Age in seconds past which the string is expired. Default CONSENT_COOKIE_MAX_AGE_S (13 months). */
  maxAgeSeconds?: number;
}

const TCF_VERSION = 2;
const MS_PER_S = 1000;
/**
 * How far in the future LastUpdated may lie. The visitor's own clock wrote it, so more than a day
 * ahead is not a time zone but bytes that merely happen to decode: a guard against garbage that
 * would otherwise read as a choice.
 */
const MAX_FUTURE_MS = 86_400_000;
/** The base64url alphabet, in value order. */
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** One or more dot-separated base64url segments. */
const SEGMENTS_PATTERN = /^[\w-]+(?:\.[\w-]+)*$/;
const TCF_VERSION_1 = 1;

/**
 * The version of a TC string, read before anything else: the core segment opens with the 6-bit
 * version, exactly one base64url character ('B' for 1, 'C' for 2). A v1 string is "unsupported",
 * whatever the v2 decoder would make of the rest; any other version does not exist, so the bytes
 * are not a TC string.
 */
export function refuseVersion(tcString: string): StoredChoiceReason | undefined {
  if (!SEGMENTS_PATTERN.test(tcString)) return 'malformed: not a TC string';
  const version = BASE64URL.indexOf(tcString.charAt(0));
  if (version === TCF_VERSION) return undefined;
  return version === TCF_VERSION_1 ? 'unsupported: TC string version is not 2' : 'malformed: not a TC string';
}

/** The reason a decoded header is no choice, or `undefined` when it still is one. */
export function refuseHeader(header: CoreHeader, check: StoredChoiceCheck): StoredChoiceReason | undefined {
  if (header.version !== TCF_VERSION) return 'unsupported: TC string version is not 2';
  if (!Number.isFinite(header.lastUpdatedMs)) return 'malformed: not a TC string';
  if (header.lastUpdatedMs - check.now > MAX_FUTURE_MS) return 'malformed: not a TC string';
  if (check.now - header.lastUpdatedMs > (check.maxAgeSeconds ?? CONSENT_COOKIE_MAX_AGE_S) * MS_PER_S) return 'expired: older than 13 months';
  if (header.vendorListVersion !== check.gvl.vendorListVersion) return 're-ask: vendor list changed';
  return undefined;
}

export function refusal(reason: StoredChoiceReason, detail?: string): StoredChoiceRefusal {
  return detail === undefined ? { ok: false, reason } : { ok: false, reason, detail };
}
