/**
 * The beacons not delivered yet, kept in localStorage so that the next page of the site resends
 * them. Bounded in count and bytes, oldest dropped first, because a visitor offline for hours must
 * not fill the storage the site itself needs. `enqueue` is the pure rule; `createBeaconQueue`
 * keeps the list in a store.
 */
import { QUEUE_KEY, QUEUE_MAX_BEACONS, QUEUE_MAX_BYTES } from './constants.js';
import { readStore, writeStore, type KeyValueStore } from './key-value-store.js';

/**
 * Why a beacon was given up.
 * - `queue-full`: the queue held QUEUE_MAX_BEACONS beacons or QUEUE_MAX_BYTES bytes; the oldest goes.
 * - `too-large`: the beacon alone is over QUEUE_MAX_BYTES, so it cannot be queued at all.
 * - `storage-failed`: the browser refused to store the queue (no storage, quota exceeded).
 * - `refused`: the collector answered a status that a resend cannot fix (NO_RETRY_STATUSES).
 */
export type DropReason = 'queue-full' | 'too-large' | 'storage-failed' | 'refused' | 'withdrawn';

export interface Dropped {
  beacon: string;
  reason: DropReason;
}

/** `queue` with `beacon` added last, and what had to go to keep within bounds. */
export function enqueue(queue: readonly string[], beacon: string): { queue: string[]; dropped: Dropped[] } {
  if (beacon.length > QUEUE_MAX_BYTES) return { queue: [...queue], dropped: [{ beacon, reason: 'too-large' }] };
  const next = queue.includes(beacon) ? [...queue] : [...queue, beacon];
  const dropped: Dropped[] = [];
  let bytes = next.reduce((sum, queued) => sum + queued.length, 0);
  while (next.length > QUEUE_MAX_BEACONS || bytes > QUEUE_MAX_BYTES) {
    const oldest = next.shift() ?? '';
    bytes -= oldest.length;
    dropped.push({ beacon: oldest, reason: 'queue-full' });
  }
  return { queue: next, dropped };
}

export interface BeaconQueue {
  /** The queued beacons, oldest first. */
  list(): string[];
  /** Adds a beacon (once); returns what it dropped, the beacon itself included if it was refused. */
  add(beacon: string): Dropped[];
  remove(beacon: string): void;
  /** Empties the queue; returns what it held. */
  clear(): string[];
}

/** The queue under QUEUE_KEY of `store`; a store that is missing or refuses to write loses it. */
export function createBeaconQueue(store: KeyValueStore | undefined): BeaconQueue {
  const list = (): string[] => {
    const stored = readStore(store, QUEUE_KEY);
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  };
  return {
    list,
    add(beacon) {
      const { queue, dropped } = enqueue(list(), beacon);
      // A refused write changed nothing: the oldest beacons are still there, only this one is not.
      return writeStore(store, QUEUE_KEY, queue) ? dropped : [{ beacon, reason: 'storage-failed' }];
    },
    remove(beacon) {
      const queue = list();
      if (queue.includes(beacon))
        writeStore(
          store,
          QUEUE_KEY,
          queue.filter((queued) => queued !== beacon),
        );
    },
    clear() {
      const queue = list();
      writeStore(store, QUEUE_KEY, undefined);
      return queue;
    },
  };
}
