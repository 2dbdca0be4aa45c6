/**
 * Delivery that loses nothing (wire-formats §1). A new beacon goes out by the first way that takes
 * it, in this order:
 *
 * 1. `navigator.sendBeacon` (POST, text/plain body): the browser keeps it through the page's
 *    unload, which is when most link beacons leave, and it needs no CORS preflight. But it returns
 *    true once the browser has *queued* the request, not once the collector has it: a beacon it
 *    took is out of our hands, and if the network or the collector then fails, it is lost; the
 *    queue never sees it. Hence: sendBeacon is skipped while navigator.onLine is false (where
 *    "taken" surely means "lost"); queued beacons are resent by fetch, whose answer can be read,
 *    not by sendBeacon (except on `pagehide`, where nothing else outlives the page); and
 *    `confirmWhileVisible` trades sendBeacon for fetch while the page is visible.
 * 2. `fetch` POST with `keepalive` and credentials, when sendBeacon is missing or refuses (its
 *    64 KB in-flight quota is full). Its status says whether the collector stored the beacon.
 * 3. An image GET of the whole beacon: no CORS at all, so it gets through where the collector
 *    refuses the credentialed fetch of a misconfigured origin.
 *
 * A beacon sendBeacon does not take is written to the queue *before* fetch and removed once fetch
 * or the image confirms it (or the collector refuses it for good): a page closed while fetch is in
 * flight leaves it queued. The queue is resent when the transport starts (the next page), on
 * `online`, and whenever the collector confirms a new beacon; on `pagehide` it is offered to
 * sendBeacon. A beacon may therefore arrive twice; the collector stores it once, by its `eid`.
 */
import { NO_RETRY_STATUSES } from './constants.js';
import { createBeaconQueue, type DropReason } from './beacon-queue.js';
import { browserNetwork, type Network } from './network.js';

/**
 * What became of a beacon.
 * - `sent-beacon`: sendBeacon took it (queued by the browser; delivery not proven, see above).
 * - `sent-fetch`: fetch got a 2xx answer.
 * - `sent-image`: the image request loaded.
 * - `queued`: not delivered yet; it waits in the queue for the next page, `online` or `pagehide`.
 * - `dropped`: given up; `onDrop` said why.
 */
export type SendOutcome = 'sent-beacon' | 'sent-fetch' | 'sent-image' | 'queued' | 'dropped';

/** What the analytics needs of a transport; a recording function object in tests. */
export interface BeaconSender {
  send(path: string, query: string): unknown;
}

export interface Transport extends BeaconSender {
  /** Sends `path?query` to the collector; resolves once the beacon is sent, queued or dropped. */
  send(path: string, query: string): Promise<SendOutcome>;
  /** Resends the queue now (what starting and `online` do); resolves when each try has ended. */
  flush(): Promise<void>;
  /** Drops every queued beacon, unsent (consent withdrawn, §4 opt-out); each goes to `onDrop` as `withdrawn`. */
  discard(): void;
  /** Removes the window listeners. */
  close(): void;
}

export interface TransportOptions {
  /** Origin (and base path) of the collector, e.g. 'https://collector.mesura.cat'. Defaults to '' (this origin). */
  collector?: string;
  /** Defaults to browserNetwork(), the real browser. */
  network?: Network;
  /**
   * While the page is visible, send by fetch first and keep the beacon queued until the collector
   * answers 2xx, so that a collector that is down loses nothing; sendBeacon still goes first once
   * the page is hidden (unloading or in the background), where only it is sure to leave. Costs a
   * localStorage write per beacon. Defaults to false: sendBeacon first, always.
   */
  confirmWhileVisible?: boolean;
  /** Told of every beacon given up, with the reason; for debug logs and tests. */
  onDrop?: (beacon: string, reason: DropReason) => void;
  /**
   * Whether the queue may be resent now (consent). While false, starting, `online` and `pagehide`
   * send nothing; the queue waits for `flush()` or `discard()`. Defaults to always.
   */
  allowed?: () => boolean;
}

/** How a try by fetch, then image, ended. */
type Attempt = 'sent-fetch' | 'sent-image' | 'refused' | 'failed';

export function createTransport(options: TransportOptions = {}): Transport {
  const collector = options.collector ?? '';
  const network = options.network ?? browserNetwork();
  const allowed = options.allowed ?? (() => true);
  const queue = createBeaconQueue(network.storage);
  /** Queued beacons whose fetch or image is under way, so that a flush does not send them twice. */
  const inFlight = new Map<string, Promise<Attempt>>();
  const drop = (beacon: string, reason: DropReason) => {
    options.onDrop?.(beacon, reason);
    return 'dropped' as const;
  };

  /** One try of a queued beacon; it leaves the queue once delivered or refused. */
  const deliver = (beacon: string): Promise<Attempt> => {
    let attempt = inFlight.get(beacon);
    if (!attempt) {
      attempt = post(network, collector, beacon).then((result) => {
        inFlight.delete(beacon);
        if (result !== 'failed') queue.remove(beacon);
        if (result === 'refused') drop(beacon, 'refused');
        return result;
      });
      inFlight.set(beacon, attempt);
    }
    return attempt;
  };

  const flush = async () => {
    if (allowed() && network.isOnline()) await Promise.all(queue.list().map(deliver));
  };

  const send = async (path: string, query: string): Promise<SendOutcome> => {
    const online = network.isOnline();
    const beaconFirst = !options.confirmWhileVisible || network.isHidden();
    if (online && beaconFirst && network.sendBeacon?.(collector + path, query)) return 'sent-beacon';
    const beacon = `${path}?${query}`;
    let refusal: DropReason | undefined;
    for (const dropped of queue.add(beacon)) {
      if (dropped.beacon === beacon) refusal = dropped.reason;
      else drop(dropped.beacon, dropped.reason);
    }
    const result = online ? await deliver(beacon) : 'failed';
    if (result === 'refused') return 'dropped';
    if (result === 'failed') return refusal ? drop(beacon, refusal) : 'queued';
    // The collector answers again: what waited for it need not wait for the next page.
    void flush();
    return result;
  };

  /** The page is going: sendBeacon is the one way that outlives it, and what it takes leaves the queue. */
  const flushOnHide = () => {
    if (!allowed() || !network.isOnline()) return;
    for (const beacon of queue.list()) {
      const [path, query] = splitBeacon(beacon);
      if (!inFlight.has(beacon) && network.sendBeacon?.(collector + path, query)) queue.remove(beacon);
    }
  };

  const removals = [network.listen('online', () => void flush()), network.listen('pagehide', flushOnHide)];
  void flush();
  const discard = () => {
    for (const beacon of queue.clear()) drop(beacon, 'withdrawn');
  };
  return { send, flush, discard, close: () => removals.forEach((remove) => remove()) };
}

/** One try by fetch, then by image, of a beacon sendBeacon did not take. */
async function post(network: Network, collector: string, beacon: string): Promise<Attempt> {
  const [path, query] = splitBeacon(beacon);
  if (network.fetch) {
    try {
      const init: RequestInit = { method: 'POST', body: query, keepalive: true, credentials: 'include' };
      const answer = await network.fetch(collector + path, init);
      if (answer.ok) return 'sent-fetch';
      if (NO_RETRY_STATUSES.includes(answer.status)) return 'refused';
    } catch {
      // A network or CORS error: the image may still get through.
    }
  }
  return (await network.loadImage(collector + beacon)) ? 'sent-image' : 'failed';
}

/** `path?query` → [path, query]; the queue keeps each beacon as one string. */
function splitBeacon(beacon: string): [string, string] {
  const split = beacon.indexOf('?');
  return [beacon.slice(0, split), beacon.slice(split + 1)];
}
