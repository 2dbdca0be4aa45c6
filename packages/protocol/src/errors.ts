/**
 * Every reason this package gives, in one place, so that tests and the server's 4xx answers use
 * the same words. A reason is one line, starts in lower case, has no trailing period and names the
 * field it is about. Builders quote the offending value through `quote`, which keeps the line short
 * and free of control characters whatever a forged beacon carries.
 */
import {
  MAX_CONTEXT_DATA_ENTRIES,
  MAX_CONTEXT_DATA_KEY_CHARS,
  MAX_CONTEXT_DATA_VALUE_CHARS,
  MAX_BEACON_RANDOM_DIGITS,
  MAX_LIBRARY_VERSION_CHARS,
  MAX_REPORT_SUITE_ID_CHARS,
  MAX_REPORT_SUITES,
  QUOTED_VALUE_MAX_CHARS,
} from './constants.js';

/** `'value'`, clipped to 40 characters, with control characters and line separators escaped. */
export function quote(value: string): string {
  const clipped = value.length > QUOTED_VALUE_MAX_CHARS ? `${value.slice(0, QUOTED_VALUE_MAX_CHARS)}…` : value;
  const printable = clipped.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `'${printable}'`;
}

/** `too many {what}: at most {max}`; a function rather than a template so that it can be pure. */
function tooMany(what: string, max: number): string {
  return `too many ${what}: at most ${max}`;
}

// ── Beacon framing ───────────────────────────────────────────────────────────────────────────────

export const TRUNCATED_BEACON = 'truncated beacon: AQE=1 must be the last parameter';
export const MISSING_BEACON_START = 'missing AQB=1: a beacon starts with AQB=1';
export const MISSING_VISITOR_ID = 'missing visitor id: send one of mid, fid, aid, vid';
export const MISSING_TIMESTAMP = 'missing timestamp t';

export const badTimestamp = (reason: string): string => `bad timestamp t: ${reason}`;
export const duplicateParameter = (param: string): string => `duplicate parameter ${param}`;
export const unknownVariableSlot = (param: string): string => `unknown variable slot ${param}`;
export const oversizedField = (param: string, length: number, max: number): string => `oversized ${param}: ${length} characters, at most ${max}`;
export const malformedLastRequestTime = (value: string): string => `malformed lrt ${quote(value)}: expected whole milliseconds`;

// ── Hit type (`pe`, `pev3`) ──────────────────────────────────────────────────────────────────────

export const unknownPe = (pe: string): string => `unknown pe ${quote(pe)}: expected lnk_o, lnk_d, lnk_e, ms_s, msa_s or eng`;
export const missingMediaType = (pe: string): string => `missing pev3 for pe=${pe}: send the media type (video, audio, videoAd)`;

/** A page's engagement hit (page-engagement.ts) without one of its two measures, or with one out of range. */
export const engagementMeasureMissing = (key: string): string => `missing context data ${key} for pe=eng: send it as a whole number`;
export const engagementMeasureOutOfRange = (key: string, max: number): string => `bad context data ${key} for pe=eng: expected a whole number from 0 to ${max}`;

// ── Events ───────────────────────────────────────────────────────────────────────────────────────

export const malformedEvent = (entry: string): string => `malformed event ${quote(entry)} in events`;
export const unknownEvent = (entry: string): string => `unknown event ${quote(entry)} in events`;
export const duplicateEvent = (entry: string): string => `duplicate event ${quote(entry)} in events`;

// ── Context data and other blocks ────────────────────────────────────────────────────────────────

export const malformedContextData = (detail: string): string => `malformed context data: ${detail}`;
// Reasons built by a call or a template are annotated pure: the bundler would otherwise keep every
// one of them in the browser bundle, which throws only the encoder's few.
export const CONTEXT_DATA_NEVER_CLOSED = /* @__PURE__ */ malformedContextData("'c.' is never closed by '.c'");
export const CONTEXT_DATA_CLOSED_UNOPENED = /* @__PURE__ */ malformedContextData("'.c' closes a block that 'c.' never opened");
export const CONTEXT_DATA_EMPTY_KEY = /* @__PURE__ */ malformedContextData('empty key');
export const contextDataMarkerWithValue = (marker: string): string => malformedContextData(`${quote(marker)} carries a value`);
export const contextDataUnbalanced = (close: string, open: string): string => malformedContextData(`${quote(close)} does not close ${quote(open)}`);
export const duplicateContextDataKey = (key: string): string => `duplicate context data key ${quote(key)}`;
export const oversizedContextDataKey = (key: string): string => `oversized context data key ${quote(key)}: ${key.length} characters, at most ${MAX_CONTEXT_DATA_KEY_CHARS}`;
export const oversizedContextDataValue = (key: string, length: number): string => `oversized context data value for ${quote(key)}: ${length} characters, ` + `at most ${MAX_CONTEXT_DATA_VALUE_CHARS}`;
export const TOO_MANY_CONTEXT_DATA_ENTRIES = /* @__PURE__ */ tooMany('context data entries', MAX_CONTEXT_DATA_ENTRIES);
export const CLIENT_HINTS_NEVER_CLOSED = "malformed client hints: 'h.' is never closed by '.h'";

// ── Beacon path ──────────────────────────────────────────────────────────────────────────────────

export const MALFORMED_BEACON_PATH = 'malformed beacon path: expected /b/ss/{suites}/1/{version}/s{random}';
export const BEACON_PATH_BAD_ENCODING = 'malformed beacon path: bad percent-encoding';
export const TOO_MANY_REPORT_SUITES = /* @__PURE__ */ tooMany('report suites in beacon path', MAX_REPORT_SUITES);
export const badReportSuite = (suite: string): string => `bad report suite ${quote(suite)} in beacon path: ` + `1 to ${MAX_REPORT_SUITE_ID_CHARS} letters, digits, '_', '.' or '-'`;
export const badLibraryVersion = (version: string): string => `bad library version ${quote(version)} in beacon path: ` + `1 to ${MAX_LIBRARY_VERSION_CHARS} letters, digits, '_', '.' or '-'`;
export const badBeaconRandom = (random: string): string => `bad random ${quote(random)} in beacon path: expected 's' then 1 to ${MAX_BEACON_RANDOM_DIGITS} digits`;

// ── Client time (`t`), as parseClientTime words it ───────────────────────────────────────────────

export const clientTimeFieldCount = (count: number): string => `expected 8 fields 'D/M/YYYY H:m:s W O', got ${count}`;
export const clientTimeShape = (t: string): string => `expected 'D/M/YYYY H:m:s W O', got ${quote(t)}`;
export const clientTimeNotInteger = (field: string, raw: string): string => `${field} ${quote(raw)} is not an integer`;
export const clientTimeOutOfRange = (field: string, value: number, min: number, max: number): string => `${field} ${value} is out of range ${min} to ${max}`;
export const clientTimeImpossibleDate = (day: number, month0: number, year: number): string => `day ${day} does not exist in month ${month0} of ${year} (months count from 0)`;

// ── Programming errors (thrown, not returned) ────────────────────────────────────────────────────
// Short: the browser bundle carries them, and the name they quote says what to fix. They quote with
// JSON.stringify, which escapes as `quote` does, so that the browser bundle need not carry `quote`.

export const unknownVariableName = (name: string): string => `unknown variable ${JSON.stringify(name)}`;
export const unknownEventName = (name: string): string => `unknown event name ${JSON.stringify(name)}`;
export const unknownEnvironment = (value: string): string => `unknown environment ${quote(value)}: expected development, staging or production`;
export const invalidDate = (): string => 'client time of an Invalid Date';
export const unencodableContextDataKey = (key: string): string => `empty segment in context data key ${JSON.stringify(key)}`;
export const eventWithValueAndSerial = (id: number): string => `event${id} has both a value and a serial`;
export const hitTypeMismatch = (hitType: string, detail: string): string => `hit type ${hitType} does not match the hit: ${detail}`;
