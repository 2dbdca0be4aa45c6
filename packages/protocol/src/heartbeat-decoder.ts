/**
 * Reads a heartbeat query back into a Heartbeat (the encoder's half is heartbeat-params.ts), for
 * the collector and for tests. Keys the heartbeat does not define (`s:aam:blob`, `s:user:aid`, …
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
  unknownHeartbeatAssetType,
  unknownHeartbeatEventType,
} from './heartbeat-errors.js';
import {
  CUSTOMER_ID_KEY_PREFIX,
  HEARTBEAT_EVENT_TYPES,
  META_KEY_PREFIX,
  type Heartbeat,
  type HeartbeatAuthState,
  type HeartbeatEventType,
} from './heartbeat-params.js';
import { NO_PREVIOUS_TS } from './heartbeat-cadence.js';
import { MAX_HEARTBEAT_META_ENTRIES, MAX_HEARTBEAT_VALUE_CHARS, storedQueryEntries } from './stored-text-limits.js';
import { GDPR_CONSENT_PARAM, GDPR_PARAM, readTcfSignal } from './tcf-signal.js';

const LONG = /^-?\d{1,16}$/;
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

  required(key: string): string {
    const value = this.string(key);
    if (value === undefined) throw new Refusal(missingHeartbeatKey(key));
    return value;
  }

  /** A whole number of at least `min`: durations, playheads, lengths and counts are never negative. */
  long(key: string, fallback = 0, min = 0): number {
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
}

function readHeartbeat(r: Reader): Heartbeat {
  const type = r.required('s:event:type');
  if (!(HEARTBEAT_EVENT_TYPES as readonly string[]).includes(type)) throw new Refusal(unknownHeartbeatEventType(type));
  const assetType = r.required('s:asset:type');
  if (assetType !== 'main' && assetType !== 'ad') throw new Refusal(unknownHeartbeatAssetType(assetType));
  const heartbeat: Heartbeat = {
    analytics: { reportSuite: r.string('s:sc:rsid'), trackingServer: r.string('s:sc:tracking_server'), ssl: r.boolean('h:sc:ssl') },
    visitorId: r.string('s:user:mid'),
    customerIds: readCustomerIds(r),
    serviceProvider: {
      ovp: r.string('s:sp:ovp'),
      sdk: r.string('s:sp:sdk'),
      channel: r.string('s:sp:channel'),
      playerName: r.string('s:sp:player_name') ?? '',
      libraryVersion: r.string('s:sp:hb_version') ?? '',
      apiLevel: r.long('l:sp:hb_api_lvl'),
    },
    event: {
      sessionId: r.required('s:event:sid'),
      type: type as HeartbeatEventType,
      duration: r.long('l:event:duration'),
      playhead: r.long('l:event:playhead'),
      ts: r.long('l:event:ts', Number.NaN),
      prevTs: r.long('l:event:prev_ts', NO_PREVIOUS_TS, NO_PREVIOUS_TS),
      errorId: r.string('s:event:id'),
      errorSource: r.string('s:event:source'),
    },
    asset: {
      type: assetType,
      name: r.string('s:asset:name'),
      videoId: r.required('s:asset:video_id'),
      publisher: r.string('s:asset:publisher') ?? '',
      length: r.long('l:asset:length'),
      ad: readAd(r),
    },
    stream: {
      type: r.string('s:stream:type') ?? '',
      qos: {
        bitrate: r.long('l:stream:bitrate'),
        fps: r.long('l:stream:fps'),
        droppedFrames: r.long('l:stream:dropped_frames'),
        startupTimeMs: r.long('l:stream:startup_time'),
      },
      chapter: readChapter(r),
    },
    meta: readMeta(r),
    consent: readConsent(r),
  };
  if (Number.isNaN(heartbeat.event.ts)) throw new Refusal(missingHeartbeatKey('l:event:ts'));
  return withoutUndefined(heartbeat);
}

function readConsent(r: Reader): Heartbeat['consent'] {
  const consent = readTcfSignal(r.string(GDPR_PARAM), r.string(GDPR_CONSENT_PARAM));
  if (!consent.ok) throw new Refusal(consent.reason);
  return consent.signal;
}

function readAd(r: Reader): Heartbeat['asset']['ad'] {
  const id = r.string('s:asset:ad_id');
  if (id === undefined) return undefined;
  return {
    id,
    name: r.string('s:asset:ad_name'),
    sid: r.string('s:asset:ad_sid') ?? '',
    podId: r.string('s:asset:pod_id') ?? '',
    podName: r.string('s:asset:pod_name'),
    podPosition: Number(r.string('s:asset:pod_position') ?? 0) || 0,
    resolver: r.string('s:asset:resolver'),
    podOffset: r.long('l:asset:pod_offset'),
    length: r.long('l:asset:ad_length'),
  };
}

function readChapter(r: Reader): Heartbeat['stream']['chapter'] {
  const id = r.string('s:stream:chapter_id');
  if (id === undefined) return undefined;
  return {
    id,
    sid: r.string('s:stream:chapter_sid') ?? '',
    name: r.string('s:stream:chapter_name'),
    position: r.long('l:stream:chapter_pos'),
    length: r.long('l:stream:chapter_length'),
    offset: r.long('l:stream:chapter_offset'),
  };
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
    const authState = r.long(`l:cuser:${CUSTOMER_ID_KEY_PREFIX}${code}.authState`);
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
