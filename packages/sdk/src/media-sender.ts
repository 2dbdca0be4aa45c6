/**
 * How the media start hits (`pe=ms_s`, `msa_s`) reach the page's collector: sendBeacon first (it
 * outlives the page, and a player is often closed with it), with the query as its text/plain body,
 * which the collector reads as it reads any beacon; else a fetch GET with keepalive. Neither
 * waits for an answer it could act on, so no retry queue: the heartbeats carry the session anyway.
 */
import type { Network } from '@mesura/analytics';
import type { Transport } from '@mesura/media';

export function beaconSender(network: Pick<Network, 'sendBeacon' | 'fetch'>): Transport {
  return {
    send(url) {
      const q = url.indexOf('?');
      if (q > 0 && network.sendBeacon?.(url.slice(0, q), url.slice(q + 1))) return true;
      if (!network.fetch) return false;
      return network.fetch(url, { mode: 'no-cors', credentials: 'include', keepalive: true }).then(
        () => true,
        () => false,
      );
    },
  };
}
