/**
 * The first stage of decoding a beacon: its framing. Checks `AQB=1` … `AQE=1`, walks the
 * parameters in order (context data is positional: `c.` … `.c` brackets the keys that belong to
 * it, and those keys may shadow parameter names such as `pageName`), sorts numbered variables into
 * their families, and keeps the known parameters. Unknown parameters are ignored, because the
 * commercial library and its visitor-id service send many (`ndh`, `pf`, `mcorgid`, `aamlh`, `aamb`,
 * `cdp`, `vidn`, …); only a known parameter sent twice is refused, as no single value would be
 * right.
 */
import { BEACON_MARKER_VALUE, MAX_EVENT_ID_CHARS, MAX_LINK_NAME_CHARS, MAX_SHORT_VALUE_CHARS, MAX_URL_CHARS, MAX_VARIABLE_VALUE_CHARS } from './constants.js';
import { CONTEXT_DATA_CLOSE, CONTEXT_DATA_OPEN, ContextDataReader } from './context-data.js';
import { decoded, rejected, type Result } from './result.js';
import { CLIENT_HINTS_NEVER_CLOSED, CONTEXT_DATA_CLOSED_UNOPENED, CONTEXT_DATA_NEVER_CLOSED, MISSING_BEACON_START, TRUNCATED_BEACON, duplicateParameter } from './errors.js';
import { readSlotParam, type SlotFamily } from './variable-slots.js';

/** Parameters the decoder reads; everything else at the top level is ignored. */
export const KNOWN_PARAMS = [
  't',
  'mid',
  'fid',
  'aid',
  'vid',
  'ce',
  'pageName',
  'g',
  // The library splits a page URL longer than 255 characters: `g` has the head, `-g` the rest.
  '-g',
  'r',
  'cc',
  'ch',
  'events',
  'pe',
  'pev1',
  'pev2',
  'pev3',
  's',
  'c',
  'j',
  'v',
  'k',
  'bw',
  'bh',
  'lrt',
  'eid',
  'gdpr',
  'gdpr_consent',
] as const;
export type KnownParam = (typeof KNOWN_PARAMS)[number];
/**
 * The longest value each known parameter may carry (`t`, `events` and `lrt` have formats instead;
 * the page URL `g` is measured joined with `-g`), a numbered variable's being
 * MAX_VARIABLE_VALUE_CHARS. The reader notes whether a value is over its limit; the decoder names
 * the first in this order.
 */
export const FIELD_LIMITS: Readonly<Partial<Record<KnownParam, number>>> = {
  pageName: MAX_VARIABLE_VALUE_CHARS,
  ch: MAX_VARIABLE_VALUE_CHARS,
  r: MAX_URL_CHARS,
  pev1: MAX_URL_CHARS,
  pev2: MAX_LINK_NAME_CHARS,
  eid: MAX_EVENT_ID_CHARS,
  mid: MAX_SHORT_VALUE_CHARS,
  fid: MAX_SHORT_VALUE_CHARS,
  aid: MAX_SHORT_VALUE_CHARS,
  vid: MAX_SHORT_VALUE_CHARS,
  ce: MAX_SHORT_VALUE_CHARS,
  cc: MAX_SHORT_VALUE_CHARS,
  pev3: MAX_SHORT_VALUE_CHARS,
  s: MAX_SHORT_VALUE_CHARS,
  c: MAX_SHORT_VALUE_CHARS,
  j: MAX_SHORT_VALUE_CHARS,
  v: MAX_SHORT_VALUE_CHARS,
  k: MAX_SHORT_VALUE_CHARS,
  bw: MAX_SHORT_VALUE_CHARS,
  bh: MAX_SHORT_VALUE_CHARS,
};

// The pure annotation marks this and the other top-level calls of the decoder as droppable: without it the
// bundler keeps them (it cannot tell a call is free of side effects) and the browser bundle, which
// only encodes, carries the decoder's tables.
/**
 * Each known parameter by name: its own name as this file spells it, and its limit (Infinity for one
 * without); one lookup says all. The key a query gives is a string of its own, which V8 would look
 * up in its table of property names on every store into `known`; the name from here is that
 * table's already.
 */
const KNOWN_PARAM_LIMITS: ReadonlyMap<string, { param: KnownParam; limit: number }> = /* @__PURE__ */ new Map(
  /* @__PURE__ */ KNOWN_PARAMS.map((param) => [param, { param, limit: FIELD_LIMITS[param] ?? Infinity }]),
);

const BEACON_START = 'AQB';
const BEACON_END = 'AQE';
/** Client hints (`h.&arch=…&.h`) form a block of their own; its keys are not beacon parameters. */
const CLIENT_HINTS_OPEN = 'h.';

export interface BeaconParams {
  /** Known parameters with a non-empty value. */
  known: Partial<Record<KnownParam, string>>;
  slots: Record<SlotFamily, Record<number, string>>;
  contextData: Record<string, string>;
  /** Whether a known parameter or a numbered variable is longer than its limit (FIELD_LIMITS). */
  overLimit: boolean;
}

export function readBeaconParams(entries: readonly (readonly [string, string])[]): Result<BeaconParams> {
  const end = entries.length - 1;
  const last = entries[end];
  if (!last || last[0] !== BEACON_END || last[1] !== BEACON_MARKER_VALUE) return rejected(TRUNCATED_BEACON);
  if (!hasBeaconStart(entries)) return rejected(MISSING_BEACON_START);

  const params: BeaconParams = {
    known: {},
    slots: { props: {}, eVars: {}, hierarchies: {}, lists: {} },
    contextData: {},
    overLimit: false,
  };
  const contextData = new ContextDataReader();
  const seen = new Set<string>();
  let clientHintsDepth = 0;

  for (let i = 0; i < end; i++) {
    const [key, value] = entries[i]!;
    let reason: string | undefined;
    if (contextData.isOpen) reason = contextData.read(key, value);
    else if (clientHintsDepth > 0) clientHintsDepth += blockDepthChange(key);
    else if (key === CONTEXT_DATA_OPEN) reason = contextData.openBlock(value);
    else if (key === CONTEXT_DATA_CLOSE) reason = CONTEXT_DATA_CLOSED_UNOPENED;
    else if (key === CLIENT_HINTS_OPEN) clientHintsDepth = 1;
    else reason = keepParam(params, key, value, seen);
    if (reason !== undefined) return rejected(reason);
  }
  if (contextData.isOpen) return rejected(CONTEXT_DATA_NEVER_CLOSED);
  if (clientHintsDepth > 0) return rejected(CLIENT_HINTS_NEVER_CLOSED);
  params.contextData = contextData.data;
  return decoded(params);
}

function hasBeaconStart(entries: readonly (readonly [string, string])[]): boolean {
  for (const [key, value] of entries) if (key === BEACON_START && value === BEACON_MARKER_VALUE) return true;
  return false;
}

/**
 * Stores a top-level parameter if it is known and remembers it in `seen`, so that a second one is
 * refused; returns the reason when its name is refused. Only known parameters and numbered
 * variables are ever in `seen`, so the others are not looked up there.
 */
function keepParam(params: BeaconParams, key: string, value: string, seen: Set<string>): string | undefined {
  // No known parameter has a numbered variable's shape, so the cheaper test goes first.
  const known = KNOWN_PARAM_LIMITS.get(key);
  if (known !== undefined) {
    if (seen.has(known.param)) return duplicateParameter(key);
    seen.add(known.param);
    // An empty value is no value: the library leaves unset variables out, and so do we.
    if (value === '') return undefined;
    if (value.length > known.limit) params.overLimit = true;
    params.known[known.param] = value;
    return undefined;
  }
  const slot = readSlotParam(key);
  if (slot === undefined) return undefined;
  if ('reason' in slot) return slot.reason;
  if (seen.has(key)) return duplicateParameter(key);
  seen.add(key);
  if (value === '') return undefined;
  if (value.length > MAX_VARIABLE_VALUE_CHARS) params.overLimit = true;
  params.slots[slot.family][slot.slot] = value;
  return undefined;
}

/** Inside a skipped block: `x.` opens a nested prefix and `.x` closes one; `.h` at depth 1 ends it. */
function blockDepthChange(key: string): number {
  if (key.startsWith('.')) return -1;
  if (key.endsWith('.')) return 1;
  return 0;
}
