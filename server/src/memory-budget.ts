/**
 * The memory Mesura plans for (MESURA_MEMORY_MIB), shared out: DuckDB's buffer pools (left alone,
 * DuckDB takes 80 % of the machine's memory and keeps what it read) and the collector's in-process
 * caches, whose entry counts are named for the default budget and scale with it. The rest of the
 * budget is the Node heap (bounded at launch: NODE_HEAP_MEMORY_SHARE), the requests in flight, the places database a collector reads whole
 * (about 130 MiB: ingest/steps/geolocate.ts) and the operating system's share of the process.
 * DuckDB's allocator returns what its queries freed by time (store/duckdb/duckdb-file.ts).
 */

/** MESURA_MEMORY_MIB's default: half of a 2-core, 4 GiB host, the other half for the system and a proxy. */
export const DEFAULT_MEMORY_BUDGET_MIB = 2048;
/** Below this the events store cannot load a batch and answer a report at once. */
export const MIN_MEMORY_BUDGET_MIB = 512;
/** The events store's DuckDB (hits, heartbeats, report tables): the one that reads much. */
export const EVENTS_STORE_MEMORY_SHARE = 0.5;
/** Each small DuckDB file (content, engagement, visitors): a few tables, read a row at a time. */
export const SIDE_STORE_MEMORY_SHARE = 1 / 32;
/**
 * The V8 old generation (`node --max-old-space-size`): its live objects are about 190 MiB once the
 * caches below are full at the default budget. Unbounded, V8 sizes it from the machine (4 GiB on a
 * 24 GiB host) and collects late, so the heap it takes drifts far above what is alive.
 */
export const NODE_HEAP_MEMORY_SHARE = 1 / 4;
/** The old generation's floor: of the ~190 MiB alive, the caches shrink with a smaller budget, the rest does not. */
export const NODE_HEAP_MIN_MIB = 256;

// The caches' entry counts at the default budget, named here so that the caches and the budget read one value.
/** Ids each RecentEventIds (ingest/recent-event-ids.ts) keeps at the default budget: minutes of a busy collector's events. */
export const RECENT_EVENT_IDS = 200_000;
/**
 * Decoded TC strings kept (ingest/tcf-decoder.ts). A visitor sends the same string on every hit,
 * and visitors who chose alike on the same day send the same string (it records the day, not the
 * time, of the choice), so a few thousand strings cover the traffic; each is at most
 * MAX_TC_STRING_CHARS of @mesura/protocol.
 */
export const TC_DECODE_CACHE_ENTRIES = 4096;
/** Visitor ids whose rate is remembered at once (ingest/visitor-rate.ts); the least recently seen are forgotten first. */
export const MAX_TRACKED_VISITORS = 200_000;
/** Addresses whose request rate is remembered at once (http/address-rate-limit.ts); the least recently seen are forgotten first. */
export const MAX_TRACKED_ADDRESSES = 100_000;

export interface MemoryBudget {
  totalMiB: number;
  /** DuckDB `memory_limit` of the events store. */
  eventsStoreMiB: number;
  /** DuckDB `memory_limit` of each small DuckDB file. */
  sideStoreMiB: number;
  /** The Node heap's old generation, set at launch: `node --max-old-space-size=<nodeHeapMiB>`. */
  nodeHeapMiB: number;
  /** Entries of each bounded cache; the least recently used go first. */
  recentEventIds: number;
  trackedVisitors: number;
  trackedAddresses: number;
  tcDecodeEntries: number;
}

/** The shares of `totalMiB`: each cache keeps its named size at the default budget, in proportion otherwise. */
export function memoryBudget(totalMiB: number = DEFAULT_MEMORY_BUDGET_MIB): MemoryBudget {
  const scale = totalMiB / DEFAULT_MEMORY_BUDGET_MIB;
  const entries = (atDefault: number) => Math.max(1, Math.round(atDefault * scale));
  return {
    totalMiB,
    eventsStoreMiB: Math.floor(totalMiB * EVENTS_STORE_MEMORY_SHARE),
    sideStoreMiB: Math.floor(totalMiB * SIDE_STORE_MEMORY_SHARE),
    nodeHeapMiB: Math.max(NODE_HEAP_MIN_MIB, Math.floor(totalMiB * NODE_HEAP_MEMORY_SHARE)),
    recentEventIds: entries(RECENT_EVENT_IDS),
    trackedVisitors: entries(MAX_TRACKED_VISITORS),
    trackedAddresses: entries(MAX_TRACKED_ADDRESSES),
    tcDecodeEntries: entries(TC_DECODE_CACHE_ENTRIES),
  };
}

/** DuckDB's spelling of a limit in MiB. */
export const duckDbMemoryLimit = (mib: number): string => `${mib}MiB`;
