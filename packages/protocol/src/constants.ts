/**
 * Limits and fixed values of the wire formats. The SDK and the server read the same numbers, so a
 * beacon the SDK builds within these limits is a beacon the server accepts. Lengths are counted in
 * UTF-16 code units (`String#length`), the way both sides measure a decoded value.
 */

// ── The beacon path ──────────────────────────────────────────────────────────────────────────────

/** Every analytics beacon lives under this prefix (`/b/ss/{suites}/1/{version}/s{random}`). */
export const BEACON_PATH_PREFIX = '/b/ss/';
/** The fixed segment between the suites and the library version; the commercial library writes 1. */
export const BEACON_PATH_PROTOCOL_SEGMENT = '1';
/** Multi-suite tagging stores a hit once per suite, so the list is bounded to bound that fan-out. */
export const MAX_REPORT_SUITES = 10;
/** A report suite id: the beacon path, a heartbeat's `s:sc:rsid`, MESURA_REPORT_SUITES and the reports' `suite` all read it with REPORT_SUITE_ID. */
export const MAX_REPORT_SUITE_ID_CHARS = 40;
export const MAX_LIBRARY_VERSION_CHARS = 40;
/** The library draws about 14 digits; the bound keeps a forged path from carrying more. */
export const MAX_BEACON_RANDOM_DIGITS = 32;

// ── Values of beacon parameters ──────────────────────────────────────────────────────────────────

/** `pageName`, `ch`, props, eVars, hierarchies and list variables. */
export const MAX_VARIABLE_VALUE_CHARS = 255;
/** `g` (page URL, joined with its `-g` continuation), `r` (referrer) and `pev1` (link URL). */
export const MAX_URL_CHARS = 4096;
/** `pev2`: the link name. */
export const MAX_LINK_NAME_CHARS = 255;
/** `eid`: Mesura's de-duplication id; the store keys on it, so it stays short. */
export const MAX_EVENT_ID_CHARS = 64;
/**
 * Parameters the wire-format table gives no limit for (visitor ids, `ce`, `cc`, `pev3` and the
 * browser facts `s`, `c`, `j`, `v`, `k`, `bw`, `bh`). Real values are a few dozen characters at
 * most (a `mid` is 38 digits); the bound only keeps a forged beacon from carrying a blob in them.
 */
export const MAX_SHORT_VALUE_CHARS = 255;

// ── Context data ─────────────────────────────────────────────────────────────────────────────────

/** The full dotted key (`a.activitymap.page`), not one segment of it. */
export const MAX_CONTEXT_DATA_KEY_CHARS = 100;
export const MAX_CONTEXT_DATA_VALUE_CHARS = 1024;
/** Entries stored per hit; each becomes a row in the store's context-data table. */
export const MAX_CONTEXT_DATA_ENTRIES = 250;

// ── Variable slots (`cN`, `vN`, `hN`, `lN`) ─────────────────────────────────────────────────────

export const MIN_PROP_SLOT = 1;
export const MAX_PROP_SLOT = 75;
/** `v0` is the campaign (tracking code); `v1`…`v250` are eVars. */
export const MIN_EVAR_SLOT = 0;
export const MAX_EVAR_SLOT = 250;
export const MIN_HIERARCHY_SLOT = 1;
export const MAX_HIERARCHY_SLOT = 5;
export const MIN_LIST_SLOT = 1;
export const MAX_LIST_SLOT = 3;

// ── Events ───────────────────────────────────────────────────────────────────────────────────────

export const MIN_EVENT_NUMBER = 1;
export const MAX_EVENT_NUMBER = 1000;
/** A serial (`eventN:serial`) de-duplicates an event forever, per event; the library allows 20. */
export const MAX_EVENT_SERIAL_CHARS = 20;

// ── Client time (`t`) ────────────────────────────────────────────────────────────────────────────

/**
 * Devices whose clock battery died report 1970, and those beacons are real visits, so the lower
 * bound is the epoch rather than the product's launch year.
 */
export const MIN_CLIENT_YEAR = 1970;
export const MAX_CLIENT_YEAR = 9999;
/** UTC+14 (Line Islands) is -840 and UTC-12 is +720; the bound is symmetric to stay simple. */
export const MAX_TZ_OFFSET_MIN = 840;

export const MS_PER_MINUTE = 60_000;

// ── Fixed parameter values ───────────────────────────────────────────────────────────────────────

/** `AQB=1` opens and `AQE=1` closes every beacon; a beacon that does not end with `AQE=1` was cut. */
export const BEACON_MARKER_VALUE = '1';
/** `ndh=1` (sent by a page with a DOM) and `pf=1` (platform flag), as the library writes them. */
export const BEACON_FLAG_VALUE = '1';

// ── Reasons ──────────────────────────────────────────────────────────────────────────────────────

/** Longest excerpt of an offending value a reason repeats, so a reason stays one short line. */
export const QUOTED_VALUE_MAX_CHARS = 40;
