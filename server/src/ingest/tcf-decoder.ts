import { DEFAULT_CONSENT_CONFIG, VENDOR_LIST, decodeStored } from '@mesura/consent';
import { LRUCache } from 'lru-cache';
import { TC_DECODE_CACHE_ENTRIES } from '../memory-budget.js';

/** What the collector needs of a TC string: the purposes and vendors with consent, or that it holds no choice. */
export type DecodedTcString = { ok: true; purposes: ReadonlySet<number>; vendors: ReadonlySet<number> } | { ok: false; reason: string };

const MS_PER_DAY = 86_400_000;

interface CacheEntry {
  /** The UTC day the verdict was reached on: expiry moves at day boundaries (a TC string dates its choice by day). */
  day: number;
  decoded: DecodedTcString;
}

/**
 * A TC string's choice as the site's own consent manager reads a stored one (`decodeStored` of
 * @mesura/consent, with @iabtcf/core): a string that is malformed, not TCF v2, older than the
 * consent's maximum age, or made against another vendor list than the shipped one holds no
 * choice. Decoding costs tens of microseconds, so verdicts are kept in a bounded LRU for the day.
 */
export function createTcfDecoder(maxEntries: number = TC_DECODE_CACHE_ENTRIES): (tcString: string, nowMs: number) => DecodedTcString {
  const cache = new LRUCache<string, CacheEntry>({ max: maxEntries });
  return (tcString, nowMs) => {
    const day = Math.floor(nowMs / MS_PER_DAY);
    const known = cache.get(tcString);
    if (known?.day === day) return known.decoded;
    const decoded = decode(tcString, nowMs);
    cache.set(tcString, { day, decoded });
    return decoded;
  };
}

function decode(tcString: string, nowMs: number): DecodedTcString {
  const stored = decodeStored(tcString, { gvl: VENDOR_LIST, now: nowMs, maxAgeSeconds: DEFAULT_CONSENT_CONFIG.maxAgeSeconds });
  if (!stored.ok) return { ok: false, reason: stored.reason };
  return { ok: true, purposes: new Set(stored.choice.purposes), vendors: new Set(stored.choice.vendors) };
}
