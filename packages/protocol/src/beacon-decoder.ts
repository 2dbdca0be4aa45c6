/**
 * Decodes an analytics beacon into a typed hit, or says in one line why it cannot. Two stages:
 * beacon-reader.ts checks the framing and collects the parameters; this file checks their values
 * and assembles the hit. Checks run in a fixed order, so a beacon with several faults always gets
 * the same reason: framing, visitor id, time, sizes, events, hit type, last request time, consent signal.
 */
import type { AnalyticsHit, Beacon, BeaconEvent, BrowserInfo, ClientTime, HitType, VisitorIds } from './analytics-hit.js';
import { parseBeaconPath } from './beacon-path.js';
import { parseEvents } from './beacon-events.js';
import { FIELD_LIMITS, readBeaconParams, type BeaconParams, type KnownParam } from './beacon-reader.js';
import { parseClientTime } from './client-time.js';
import { MAX_URL_CHARS, MAX_VARIABLE_VALUE_CHARS } from './constants.js';
import { decoded, rejected, type Result } from './result.js';
import { MISSING_TIMESTAMP, MISSING_VISITOR_ID, badTimestamp, malformedLastRequestTime, oversizedField } from './errors.js';
import { readHitKind, type HitKind } from './hit-type.js';
import { readPageEngagement } from './page-engagement.js';
import { cleanEntries, storedQueryEntries } from './stored-text-limits.js';
import { SLOT_FAMILIES } from './variable-slots.js';
import { readTcfSignal, type TcfSignal } from './tcf-signal.js';

// Pure for the bundler, as KNOWN_PARAM_LIMITS in beacon-reader.ts.
const FIELD_LIMIT_ENTRIES = /* @__PURE__ */ Object.entries(FIELD_LIMITS) as [KnownParam, number][];

const VISITOR_ID_PARAMS = ['mid', 'fid', 'aid', 'vid'] as const satisfies readonly (keyof VisitorIds & KnownParam)[];

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
export function decodeBeaconQuery(query: string | URLSearchParams): Result<{ hitType: HitType; hit: AnalyticsHit }> {
  let read: Result<[string, string][]>;
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
export function decodeBeacon(path: string, query: string): Result<Beacon> {
  const address = parseBeaconPath(path);
  if (!address.ok) return address;
  const body = decodeBeaconQuery(query);
  if (!body.ok) return body;
  return decoded({ address: address.value, hitType: body.value.hitType, hit: body.value.hit });
}

function buildHit(params: BeaconParams): Result<{ hitType: HitType; hit: AnalyticsHit }> {
  const { known } = params;
  // 1. Someone must be counted.
  const visitor: VisitorIds = {};
  let counted = false;
  for (const id of VISITOR_ID_PARAMS) {
    const value = known[id];
    if (value === undefined) continue;
    visitor[id] = value;
    counted = true;
  }
  if (!counted) return rejected(MISSING_VISITOR_ID);

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
  if (kind.value.hitType === 'page_engagement') {
    const engagement = readPageEngagement(params.contextData);
    if (!engagement.ok) return rejected(engagement.reason);
  }

  // 6. Last request time.
  let lastRequestTime: number | undefined;
  if (known.lrt !== undefined) {
    if (!WHOLE_MILLISECONDS.test(known.lrt)) return rejected(malformedLastRequestTime(known.lrt));
    lastRequestTime = Number(known.lrt);
  }

  // 7. Consent signal.
  const consent = readTcfSignal(known.gdpr, known.gdpr_consent);
  if (!consent.ok) return rejected(consent.reason);

  const hit = assembleHit(params, { visitor, clientTime: clientTime.value, events: events.value, url, kind: kind.value, lastRequestTime, consent: consent.signal });
  return decoded({ hitType: kind.value.hitType, hit });
}

/** What buildHit read and checked, besides the parameters kept as they are. */
interface CheckedValues {
  visitor: VisitorIds;
  clientTime: ClientTime;
  events: BeaconEvent[];
  url: string | undefined;
  kind: HitKind;
  lastRequestTime: number | undefined;
  consent: TcfSignal | undefined;
}

function assembleHit(params: BeaconParams, checked: CheckedValues): AnalyticsHit {
  const { known, slots } = params;
  const hit: AnalyticsHit = {
    clientTime: checked.clientTime,
    visitor: checked.visitor,
    events: checked.events,
    props: slots.props,
    eVars: slots.eVars,
    hierarchies: slots.hierarchies,
    lists: slots.lists,
    contextData: params.contextData,
    browser: browserInfo(params),
  };
  // Set one by one, in this order, so that an absent field is absent rather than `undefined`.
  if (known.eid !== undefined) hit.eventId = known.eid;
  if (known.pageName !== undefined) hit.pageName = known.pageName;
  if (checked.url !== undefined) hit.url = checked.url;
  if (known.r !== undefined) hit.referrer = known.r;
  if (known.ch !== undefined) hit.channel = known.ch;
  if (known.ce !== undefined) hit.charset = known.ce;
  if (known.cc !== undefined) hit.currency = known.cc;
  if (checked.kind.link !== undefined) hit.link = checked.kind.link;
  if (checked.kind.media !== undefined) hit.media = checked.kind.media;
  if (checked.lastRequestTime !== undefined) hit.lastRequestTime = checked.lastRequestTime;
  if (checked.consent !== undefined) hit.consent = checked.consent;
  return hit;
}

/** The first parameter over its limit, in the order they are listed, as a reason. */
function oversizedParam(params: BeaconParams, url: string | undefined): string | undefined {
  if (url !== undefined && url.length > MAX_URL_CHARS) return oversizedField('g', url.length, MAX_URL_CHARS);
  // The reader saw whether any value is over its limit; the limits' order, which names the
  // reason, is walked only when one is.
  if (!params.overLimit) return undefined;
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
