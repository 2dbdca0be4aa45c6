/**
 * Where and how a request goes (spec §7): GET with the parameters in the query, or POST with the
 * same parameters form-encoded once the URL would exceed 2048 characters. Pure.
 */
import { DELIVERY_MAX_GET_URL_CHARS, deliveryPath, encodeDeliveryQuery, type DeliveryRequest } from '@mesura/protocol';

export type DeliveryCall = { method: 'GET'; url: string } | { method: 'POST'; url: string; body: string };

/** A host name with an optional port: what an answer's `edgeHost` may be. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

export interface ServerInput {
  /** The `server` option (an origin), if given. */
  server: string | undefined;
  /** The edge-host cookie, if set by an earlier answer. */
  edgeHost: string | undefined;
  /** The page's origin and protocol. */
  origin: string;
  protocol: string;
}

/**
 * The origin requests go to: the edge host an answer named (kept 1860000 ms, §9), else the `server`
 * option, else the page's own origin. `''` when there is none (a `file:` page): 'URL is required'.
 */
export function serverOrigin(input: ServerInput): string {
  const configured = input.server ?? (input.origin === 'null' ? '' : input.origin);
  if (input.edgeHost !== undefined && HOST.test(input.edgeHost)) {
    const protocol = /^https?:/.exec(configured)?.[0] ?? (input.protocol === 'http:' ? 'http:' : 'https:');
    return `${protocol}//${input.edgeHost}`;
  }
  return configured.replace(/\/+$/, '');
}

export function deliveryCall(origin: string, clientCode: string, request: DeliveryRequest): DeliveryCall {
  const url = origin + deliveryPath(clientCode);
  const query = encodeDeliveryQuery(request);
  const getUrl = `${url}?${query}`;
  return getUrl.length <= DELIVERY_MAX_GET_URL_CHARS ? { method: 'GET', url: getUrl } : { method: 'POST', url, body: query };
}
