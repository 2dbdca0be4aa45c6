import { hash } from 'node:crypto';
import { eventName, namedVariablesReader, clientTimeToEpochMs, type AnalyticsHit, type Beacon, type VariableMap } from '@mesura/protocol';
import type { HitRow } from '../store/hit-row.js';
import { anonymiseIp } from './steps/anonymise-ip.js';
import { withoutPreviewParam } from './steps/preview-param.js';
import { createUserAgentClassifier, type UserAgentFacts } from './steps/user-agent.js';
import { UNKNOWN_PLACE, type Geolocator } from './steps/geolocate.js';
import type { LocalDay } from '../local-day.js';
import { HIT_CONSENT_NEEDS } from './consent-check.js';
import type { ConsentChecker } from './consent-checker.js';

/** What the HTTP layer knows about the request that carried a beacon. */
export interface RequestFacts {
  receivedAtMs: number;
  /** Raw client address; anonymised here and dropped. */
  ip: string | undefined;
  userAgent: string | undefined;
  /** The beacon's path and parameter string as received, for a stable digest when there is no eid. */
  rawPath: string;
  rawParams: string;
}

export interface PipelineOptions {
  environment: string;
  variableMap: VariableMap;
  localDay: LocalDay;
  /** The collector's consent check (consent-checker.ts). */
  checkConsent: ConsentChecker;
  /** MESURA_KEEP_USER_AGENT: store the raw user agent besides its parts. */
  keepUserAgent: boolean;
  /** Places the anonymised address (steps/geolocate.ts). Default none: no place. */
  locate?: Geolocator | undefined;
}

const VISITOR_ID_SOURCES = ['mid', 'fid', 'aid', 'vid'] as const;

/**
 * Enriches a decoded beacon into one row per report suite (multi-suite tagging stores once per
 * suite). The raw IP is anonymised here, before anything else sees it, then placed (its
 * country, region, province and city: steps/geolocate.ts), and the user agent is
 * reduced to its parts. A beacon whose TCF signal refuses it gives no rows: the consent check has
 * counted the refusal, and the collector answers it as stored (consent-checker.ts says why).
 */
export function createPipeline(options: PipelineOptions): (beacon: Beacon, facts: RequestFacts) => HitRow[] {
  const classifyUserAgent = createUserAgentClassifier();
  const namedSlots = namedSlotSet(options.variableMap);
  const namedVariables = namedVariablesReader(options.variableMap);
  return (beacon, facts) => {
    const { hit } = beacon;
    const suites = beacon.address.reportSuites;
    const consent = options.checkConsent(hit.consent, HIT_CONSENT_NEEDS[beacon.hitType], suites, facts.receivedAtMs);
    if (consent === undefined) return [];
    const userAgent = classifyUserAgent(facts.userAgent);
    const ipAnonymised = anonymiseIp(facts.ip);
    const place = options.locate ? options.locate(ipAnonymised) : UNKNOWN_PLACE;
    const [visitorIdSource, visitorId] = visitorIdOf(hit);
    const first: HitRow = {
      eventId: hit.eventId ?? digest(facts.rawPath, facts.rawParams),
      environment: options.environment,
      receivedAtMs: facts.receivedAtMs,
      day: options.localDay(facts.receivedAtMs),
      clientTimeMs: clientTimeOrNull(hit),
      hitType: beacon.hitType,
      visitorId,
      visitorIdSource,
      pageName: hit.pageName ?? null,
      url: withoutPreviewParam(hit.url ?? null),
      referrer: withoutPreviewParam(hit.referrer ?? null),
      channel: hit.channel ?? null,
      linkUrl: withoutPreviewParam(hit.link?.url ?? null),
      linkName: hit.link?.name ?? null,
      mediaType: hit.media?.mediaType ?? null,
      events: JSON.stringify(hit.events.map((e) => ({ ...e, name: eventName(options.variableMap, e.id) ?? `event${e.id}` }))),
      contextData: JSON.stringify(hit.contextData),
      otherVariables: JSON.stringify(unnamedSlots(hit, namedSlots)),
      variables: namedVariables(hit),
      ipAnonymised,
      geoCountry: place.country,
      geoRegion: place.region,
      geoProvince: place.province,
      geoCity: place.city,
      // Written out rather than spread from userAgentColumns (the heartbeats' rows use it): no
      // object made only to be copied, and no copy, which a spread inside a literal makes per row.
      deviceClass: userAgent.deviceClass,
      isBot: userAgent.isBot,
      browserName: userAgent.browserName,
      browserMajorVersion: userAgent.browserMajorVersion,
      osName: userAgent.osName,
      userAgent: options.keepUserAgent ? (facts.userAgent ?? null) : null,
      libraryVersion: beacon.address.libraryVersion,
      consent,
      reportSuite: suites[0] ?? '',
    };
    return rowPerSuite(first, suites);
  };
}

/**
 * One row per report suite: `first`, made for this one request with the first suite, and a copy
 * of it for each further suite. The usual single suite thus allocates one row, not a row and a copy.
 */
export function rowPerSuite<Row extends { reportSuite: string }>(first: Row, suites: readonly string[]): Row[] {
  if (suites.length <= 1) return suites.length === 0 ? [] : [first];
  return suites.map((reportSuite) => ({ ...first, reportSuite }));
}

/** The stored user-agent columns: its parts always, the raw string only when configured. */
export function userAgentColumns(
  facts: UserAgentFacts,
  raw: string | undefined,
  keepUserAgent: boolean,
): Pick<HitRow, 'deviceClass' | 'isBot' | 'browserName' | 'browserMajorVersion' | 'osName' | 'userAgent'> {
  return {
    deviceClass: facts.deviceClass,
    isBot: facts.isBot,
    browserName: facts.browserName,
    browserMajorVersion: facts.browserMajorVersion,
    osName: facts.osName,
    userAgent: keepUserAgent ? (raw ?? null) : null,
  };
}

function visitorIdOf(hit: AnalyticsHit): [string, string] {
  for (const source of VISITOR_ID_SOURCES) {
    const id = hit.visitor[source];
    if (id) return [source, id];
  }
  // The decoder refuses beacons without a visitor id; this is unreachable for decoded beacons.
  throw new Error('missing visitor id');
}

function clientTimeOrNull(hit: AnalyticsHit): number | null {
  const ms = clientTimeToEpochMs(hit.clientTime);
  return Number.isFinite(ms) ? ms : null;
}

/** Retries of one beacon repeat its address and parameters exactly, so they share this digest. */
function digest(rawPath: string, rawParams: string): string {
  return hash('sha1', `${rawPath}?${rawParams}`, 'base64url');
}

/** The four slot families of a hit and the prefix of each in stored slot names (`c1`, `v8`, `h1`, `l2`). */
const SLOT_FAMILIES = [
  ['c', 'props'],
  ['v', 'eVars'],
  ['h', 'hierarchies'],
  ['l', 'lists'],
] as const;

type SlotFamily = (typeof SLOT_FAMILIES)[number][1];

/**
 * The slot numbers the variable map names, per family (eVars and props; no name owns a hierarchy
 * or a list); the others are kept apart as they came. By family, so that a hit's slot is looked up
 * as its key is, without building its stored name first: most of a hit's slots are named.
 */
function namedSlotSet(map: VariableMap): Record<SlotFamily, Set<string>> {
  const named: Record<SlotFamily, Set<string>> = { props: new Set(), eVars: new Set(), hierarchies: new Set(), lists: new Set() };
  for (const slots of Object.values(map.variables)) {
    if (slots.eVar !== undefined) named.eVars.add(String(slots.eVar));
    if (slots.prop !== undefined) named.props.add(String(slots.prop));
  }
  return named;
}

function unnamedSlots(hit: AnalyticsHit, named: Record<SlotFamily, Set<string>>): Record<string, string> {
  const other: Record<string, string> = {};
  for (const [prefix, family] of SLOT_FAMILIES) {
    const values = hit[family];
    const namedHere = named[family];
    for (const slot in values) {
      if (!namedHere.has(slot)) other[`${prefix}${slot}`] = values[slot as unknown as number]!;
    }
  }
  return other;
}
