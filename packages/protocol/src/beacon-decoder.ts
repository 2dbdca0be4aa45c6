/**
 * Decodes an analytics beacon into a typed hit, or says in one line why it cannot. Two stages:
 * beacon-reader.ts checks the framing and collects the parameters; this file checks their values
 * and assembles the hit. Checks run in a fixed order, so a beacon with several faults always gets
 * the same reason: framing, visitor id, time, sizes, events, hit type, last request time, consent signal.
 */
import type { AnalyticsHit, Beacon, BrowserInfo, HitType, VisitorIds } from './analytics-hit.js';
import { parseBeaconPath } from './beacon-path.js';
import { parseEvents } from './beacon-events.js';
import { readBeaconParams, type BeaconParams, type KnownParam } from './beacon-reader.js';
import { parseClientTime } from './client-time.js';
import {
  MAX_EVENT_ID_CHARS,
  MAX_LINK_NAME_CHARS,
  MAX_SHORT_VALUE_CHARS,
  MAX_URL_CHARS,
  MAX_VARIABLE_VALUE_CHARS,
} from './constants.js';
import { decoded, rejected, type DecodeResult } from './decode-result.js';
import {
  MISSING_TIMESTAMP,
  MISSING_VISITOR_ID,
  badTimestamp,
  malformedLastRequestTime,
  oversizedField,
} from './errors.js';
import { readHitKind } from './hit-type.js';
import { cleanEntries, storedQueryEntries } from './stored-text-limits.js';
import { SLOT_FAMILIES } from './variable-slots.js';
import { readTcfSignal } from './tcf-signal.js';

/** The longest value each known parameter may carry (`t`, `events` and `lrt` have formats instead). */
const FIELD_LIMITS: Readonly<Partial<Record<KnownParam, number>>> = {
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

// Pure for the bundler, as KNOWN_PARAM_SET in beacon-reader.ts.
const FIELD_LIMIT_ENTRIES = /* @__PURE__ */ Object.entries(FIELD_LIMITS) as [KnownParam, number][];

const VISITOR_ID_PARAMS = ['mid', 'fid', 'aid', 'vid'] as const satisfies readonly (keyof VisitorIds &
  KnownParam)[];

/** Browser facts, parameter → field. */
const BROWSER_PARAMS = {
  s: 'screen',
  c: 'colorDepth',
  j: 'jsVersion',
  v: 'java',
  k: 'cookiesEnabled',
  bw: 'browserWidth',
  bh: 'browserHeight',
} as const satisfies Partial<Record<KnownParam, keyof BrowserInfo>>;

const WHOLE_MILLISECONDS = /^\d{1,15}$/;

/** Decodes the query string (or form body) of a beacon; a leading `?` is allowed. */
export function decodeBeaconQuery(
  query: string | URLSearchParams,
): DecodeResult<{ hitType: HitType; hit: AnalyticsHit }> {
  let read: DecodeResult<[string, string][]>;
  if (typeof query === 'string') read = storedQueryEntries(query);
  else {
    const entries: [string, string][] = [];
    // forEach rather than iteration: the DOM lib without DOM.Iterable types no iterator on it.
    query.forEach((value, key) => entries.push([key, value]));
    read = cleanEntries(entries);
  }
  if (!read.ok) return read;
  const params = readBeaconParams(read.value);
  return params.ok ? buildHit(params.value) : params;
}

/** Decodes a whole beacon: its path (report suites, library version) and then its parameters. */
export function decodeBeacon(path: string, query: string): DecodeResult<Beacon> {
  const address = parseBeaconPath(path);
  if (!address.ok) return address;
  const body = decodeBeaconQuery(query);
  if (!body.ok) return body;
  return decoded({ address: address.value, ...body.value });
}

function buildHit(params: BeaconParams): DecodeResult<{ hitType: HitType; hit: AnalyticsHit }> {
  const { known } = params;
  // 1. Someone must be counted.
  const visitor: VisitorIds = {};
  for (const id of VISITOR_ID_PARAMS) if (known[id] !== undefined) visitor[id] = known[id];
  if (Object.keys(visitor).length === 0) return rejected(MISSING_VISITOR_ID);

  // 2. Client time.
  if (known.t === undefined) return rejected(MISSING_TIMESTAMP);
  const clientTime = parseClientTime(known.t);
  if (!clientTime.ok) return rejected(badTimestamp(clientTime.reason));

  // 3. Sizes: the URL is measured once joined with its `-g` continuation.
  const urlTail = known['-g'];
  const url = known.g === undefined && urlTail === undefined ? undefined : `${known.g ?? ''}${urlTail ?? ''}`;
  const oversized = oversizedParam(params, url);
  if (oversized !== undefined) return rejected(oversized);

  // 4. Events and 5. hit type.
  const events = parseEvents(known.events ?? '');
  if (!events.ok) return events;
  const kind = readHitKind(known);
  if (!kind.ok) return kind;

  // 6. Last request time.
  let lastRequestTime: number | undefined;
  if (known.lrt !== undefined) {
    if (!WHOLE_MILLISECONDS.test(known.lrt)) return rejected(malformedLastRequestTime(known.lrt));
    lastRequestTime = Number(known.lrt);
  }

  // 7. Consent signal.
  const consent = readTcfSignal(known.gdpr, known.gdpr_consent);
  if (!consent.ok) return rejected(consent.reason);

  const hit: AnalyticsHit = {
    clientTime: clientTime.value,
    visitor,
    events: events.value,
    ...params.slots,
    contextData: params.contextData,
    browser: browserInfo(params),
  };
  assignDefined(hit, {
    eventId: known.eid,
    pageName: known.pageName,
    url,
    referrer: known.r,
    channel: known.ch,
    charset: known.ce,
    currency: known.cc,
    link: kind.value.link,
    media: kind.value.media,
    lastRequestTime,
    consent: consent.signal,
  });
  return decoded({ hitType: kind.value.hitType, hit });
}

/** The first parameter over its limit, in the order they are listed, as a reason. */
function oversizedParam(params: BeaconParams, url: string | undefined): string | undefined {
  if (url !== undefined && url.length > MAX_URL_CHARS) return oversizedField('g', url.length, MAX_URL_CHARS);
  for (const [param, max] of FIELD_LIMIT_ENTRIES) {
    const value = params.known[param];
    if (value !== undefined && value.length > max) return oversizedField(param, value.length, max);
  }
  for (const { prefix, family } of SLOT_FAMILIES) {
    for (const [slot, value] of Object.entries(params.slots[family])) {
      if (value.length > MAX_VARIABLE_VALUE_CHARS) {
        return oversizedField(`${prefix}${slot}`, value.length, MAX_VARIABLE_VALUE_CHARS);
      }
    }
  }
  return undefined;
}

const BROWSER_PARAM_ENTRIES = /* @__PURE__ */ Object.entries(BROWSER_PARAMS) as [keyof typeof BROWSER_PARAMS, keyof BrowserInfo][];

function browserInfo(params: BeaconParams): BrowserInfo {
  const browser: BrowserInfo = {};
  for (const [param, field] of BROWSER_PARAM_ENTRIES) {
    const value = params.known[param];
    if (value !== undefined) browser[field] = value;
  }
  return browser;
}

/** Copies the fields that have a value, so an absent field is absent rather than `undefined`. */
function assignDefined<T extends object>(target: T, fields: Partial<T>): void {
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) (target as Record<string, unknown>)[name] = value;
  }
}
