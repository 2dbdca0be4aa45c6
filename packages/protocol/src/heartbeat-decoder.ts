/**
 * Reads a heartbeat query back into a Heartbeat (the encoder's half is heartbeat-params.ts), for
 * the collector and for tests, by the table of heartbeat-fields.ts. Keys the heartbeat does not define (`s:aam:blob`, `s:user:aid`, …
 * which the commercial library also sends) are ignored; a key sent twice, a long that is not a
 * whole number (or is negative, or past Number.MAX_SAFE_INTEGER), a text value over its limit
 * (stored-text-limits.ts) and the five keys without which a heartbeat cannot be placed in a
 * session are refused with their reason.
 */
import { decoded, rejected, type DecodeResult } from './decode-result.js';
import {
  duplicateHeartbeatKey,
  negativeHeartbeatLong,
  oversizedHeartbeatValue,
  tooManyHeartbeatMetaEntries,
  unsafeHeartbeatLong,
  malformedHeartbeatBoolean,
  malformedHeartbeatLong,
  missingHeartbeatKey,
  unknownHeartbeatValue,
} from './heartbeat-errors.js';
import {
  HEARTBEAT_ASSET_TYPES,
  HEARTBEAT_EVENT_TYPES,
  HEARTBEAT_FIELDS,
  HEARTBEAT_GROUP_IDS,
  heartbeatFieldType,
  type HeartbeatClosedSet,
  type HeartbeatField,
  type HeartbeatFieldGroup,
} from './heartbeat-fields.js';
import { CUSTOMER_ID_KEY_PREFIX, META_KEY_PREFIX, type Heartbeat, type HeartbeatAuthState } from './heartbeat-params.js';
import { MAX_HEARTBEAT_META_ENTRIES, MAX_HEARTBEAT_VALUE_CHARS, storedQueryEntries } from './stored-text-limits.js';
import { GDPR_CONSENT_PARAM, GDPR_PARAM, readTcfSignal } from './tcf-signal.js';

const LONG = /^-?\d{1,16}$/;
const CLOSED_SETS: Readonly<Record<HeartbeatClosedSet, readonly string[]>> = {
  eventType: HEARTBEAT_EVENT_TYPES,
  assetType: HEARTBEAT_ASSET_TYPES,
};
const CUSTOMER_ID_KEY = /^[sl]:cuser:customer_user_ids_(.+)\.(id|authState)$/;

/** Thrown inside the decoder and turned into its reason; never escapes. */
class Refusal {
  constructor(readonly reason: string) {}
}

export function decodeHeartbeatQuery(query: string): DecodeResult<Heartbeat> {
  const read = storedQueryEntries(query);
  if (!read.ok) return read;
  const params = new Map<string, string>();
  for (const [key, value] of read.value) {
    if (params.has(key)) return rejected(duplicateHeartbeatKey(key));
    params.set(key, value);
  }
  try {
    return decoded(readHeartbeat(new Reader(params)));
  } catch (error) {
    if (error instanceof Refusal) return rejected(error.reason);
    throw error;
  }
}

class Reader {
  constructor(readonly params: ReadonlyMap<string, string>) {}

  string(key: string): string | undefined {
    const value = this.params.get(key);
    if (value !== undefined && value.length > MAX_HEARTBEAT_VALUE_CHARS) throw new Refusal(oversizedHeartbeatValue(key, value.length));
    return value === '' ? undefined : value;
  }

  /** A whole number of at least `min` (durations, playheads, lengths and counts are never negative), else `fallback`. */
  long(key: string, fallback: number | undefined, min = 0): number | undefined {
    const value = this.params.get(key);
    if (value === undefined || value === '') return fallback;
    if (!LONG.test(value)) throw new Refusal(malformedHeartbeatLong(key, value));
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new Refusal(unsafeHeartbeatLong(key, value));
    if (n < min) throw new Refusal(negativeHeartbeatLong(key, value, min));
    return n;
  }

  boolean(key: string): boolean {
    const value = this.params.get(key);
    if (value === undefined || value === '') return false;
    if (value !== '1' && value !== '0') throw new Refusal(malformedHeartbeatBoolean(key, value));
    return value === '1';
  }

  /** One field of heartbeat-fields.ts, by its type and limits; undefined when absent and optional. */
  field(field: HeartbeatField): string | number | boolean | undefined {
    const value = this.#value(field);
    if (value === undefined && field.required === true) throw new Refusal(missingHeartbeatKey(field.key));
    const values = field.oneOf === undefined ? undefined : CLOSED_SETS[field.oneOf];
    if (typeof value === 'string' && values !== undefined && !values.includes(value)) {
      throw new Refusal(unknownHeartbeatValue(field.key, value, values));
    }
    return value;
  }

  #value(field: HeartbeatField): string | number | boolean | undefined {
    switch (heartbeatFieldType(field)) {
      case 'boolean':
        return this.boolean(field.key);
      case 'long':
        return this.long(field.key, field.required === true ? undefined : Number(field.fallback ?? 0), field.min);
      // The library writes the pod position as text: any number is read, anything else is 0.
      case 'position':
        return Number(this.string(field.key) ?? 0) || 0;
      case 'string':
        return this.string(field.key) ?? (field.fallback as string | undefined);
    }
  }
}

/** The fields of each group; an ad's or chapter's only when its id is there. */
function readGroups(r: Reader): Record<HeartbeatFieldGroup, Record<string, unknown> | undefined> {
  const groups: Partial<Record<HeartbeatFieldGroup, Record<string, unknown>>> = {};
  for (const field of HEARTBEAT_FIELDS as readonly HeartbeatField[]) {
    const idKey = HEARTBEAT_GROUP_IDS[field.group];
    if (idKey !== undefined && r.string(idKey) === undefined) continue;
    const value = r.field(field);
    const group = (groups[field.group] ??= {});
    if (value !== undefined) group[field.prop] = value;
  }
  return groups as Record<HeartbeatFieldGroup, Record<string, unknown> | undefined>;
}

function readHeartbeat(r: Reader): Heartbeat {
  const g = readGroups(r);
  const heartbeat = {
    analytics: g.analytics,
    ...g.visitor,
    customerIds: readCustomerIds(r),
    serviceProvider: g.serviceProvider,
    event: g.event,
    asset: { ...g.asset, ad: g.ad },
    stream: { ...g.stream, qos: g.qos, chapter: g.chapter },
    meta: readMeta(r),
    consent: readConsent(r),
  } as unknown as Heartbeat;
  return withoutUndefined(heartbeat);
}

function readConsent(r: Reader): Heartbeat['consent'] {
  const consent = readTcfSignal(r.string(GDPR_PARAM), r.string(GDPR_CONSENT_PARAM));
  if (!consent.ok) throw new Refusal(consent.reason);
  return consent.signal;
}

function readMeta(r: Reader): Record<string, string> {
  const meta: Record<string, string> = {};
  let entries = 0;
  for (const key of r.params.keys()) {
    if (!key.startsWith(META_KEY_PREFIX)) continue;
    const value = r.string(key);
    if (value === undefined) continue;
    entries += 1;
    if (entries > MAX_HEARTBEAT_META_ENTRIES) throw new Refusal(tooManyHeartbeatMetaEntries());
    // defineProperty, not assignment: a key named `__proto__` must become data, not a prototype.
    Object.defineProperty(meta, key.slice(META_KEY_PREFIX.length), { value, enumerable: true, writable: true, configurable: true });
  }
  return meta;
}

function readCustomerIds(r: Reader): Heartbeat['customerIds'] {
  const ids: Record<string, { id: string; authState: HeartbeatAuthState }> = {};
  for (const key of r.params.keys()) {
    const match = CUSTOMER_ID_KEY.exec(key);
    if (match?.[2] !== 'id' || match[1] === undefined) continue;
    const code = match[1];
    const authState = r.long(`l:cuser:${CUSTOMER_ID_KEY_PREFIX}${code}.authState`, 0);
    ids[code] = { id: r.string(key) ?? '', authState: (authState === 1 || authState === 2 ? authState : 0) as HeartbeatAuthState };
  }
  return Object.keys(ids).length === 0 ? undefined : ids;
}

/** Drops keys whose value is undefined, so that a decoded heartbeat equals the one encoded. */
function withoutUndefined<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, withoutUndefined(v)]);
  return Object.fromEntries(entries) as T;
}
