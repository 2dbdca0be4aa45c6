/**
 * The personalisation delivery request (wire-formats §3, spec §7 "Personalisation delivery"): the
 * one definition the client writes and the decision server reads. `GET /m2/{clientCode}/mbox/json`
 * with the parameters in the query; the same parameters form-encoded in a POST body once the URL
 * would pass DELIVERY_MAX_GET_URL_CHARS.
 */
import { decoded, rejected, type Result } from './result.js';

/** §7: longer URLs go as POST. */
export const DELIVERY_MAX_GET_URL_CHARS = 2048;
/** §5 "Personalisation request: name present, at most 250 characters". */
export const MBOX_NAME_MAX_CHARS = 250;
/** Client codes are the path segment: letters, digits, '_' and '-'. */
const CLIENT_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const PATH = /^\/m2\/([^/]+)\/mbox\/json\/?$/;

/** A customer id as the request carries it: `vst.{type}.id`, `vst.{type}.authState`. */
export interface DeliveryCustomerId {
  id: string;
  authState?: number;
}

/** The request, by meaning; `encodeDeliveryParams` gives it the wire's names. */
export interface DeliveryRequest {
  mbox: string;
  /** `mboxSession`. */
  sessionId: string;
  /** `mboxPC`: the device (profile) id, once the server has given one. */
  deviceId?: string;
  /** `mboxPage`: one id per page load. */
  pageId: string;
  /** `mboxRid`: one id per request. */
  requestId: string;
  /** `mboxVersion`: the client library's version. */
  version: string;
  /** `mboxCount`: requests made by this page so far, this one included. */
  count: number;
  /** `mboxTime`: the client's clock, epoch ms shifted by its time-zone offset. */
  time: number;
  host: string;
  url: string;
  referrer: string;
  browser: { height: number; width: number; timeOffsetMin: number };
  screen: { height: number; width: number; colorDepth: number; pixelRatio?: number; orientation?: string };
  /** `mboxXDomain`. */
  xDomain?: string;
  /** `mboxMCGVID`: the analytics visitor id. */
  visitorId?: string;
  /** By customer-id type (`idUsuari`, …). */
  customerIds: Record<string, DeliveryCustomerId>;
  /** Page and mbox parameters, as plain keys. */
  params: Record<string, string>;
}

/** Wire name of each scalar field, in the order the client writes them. */
const SCALAR_NAMES = {
  mbox: 'mbox',
  sessionId: 'mboxSession',
  deviceId: 'mboxPC',
  pageId: 'mboxPage',
  requestId: 'mboxRid',
  version: 'mboxVersion',
  count: 'mboxCount',
  time: 'mboxTime',
  host: 'mboxHost',
  url: 'mboxURL',
  referrer: 'mboxReferrer',
} as const;

const SIZE_NAMES = ['browserHeight', 'browserWidth', 'browserTimeOffset', 'screenHeight', 'screenWidth', 'colorDepth'] as const;
const OPTIONAL_NAMES = ['devicePixelRatio', 'screenOrientation', 'mboxXDomain', 'mboxMCGVID'] as const;
const RESERVED = new Set<string>([...Object.values(SCALAR_NAMES), ...SIZE_NAMES, ...OPTIONAL_NAMES]);
const CUSTOMER_ID = /^vst\.([^.]+)\.(id|authState)$/;
const CUSTOMER_ID_PREFIX = 'vst.';

export function deliveryPath(clientCode: string): string {
  return `/m2/${encodeURIComponent(clientCode)}/mbox/json`;
}

/** The client code of a delivery path, or undefined when the path is not one. */
export function parseDeliveryPath(path: string): string | undefined {
  const code = PATH.exec(path)?.[1];
  return code !== undefined && CLIENT_CODE.test(code) ? code : undefined;
}

/** The request's parameters, in wire order; absent optional fields are left out. */
export function encodeDeliveryParams(request: DeliveryRequest): [string, string][] {
  const entries: [string, string][] = [];
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined) entries.push([name, String(value)]);
  };
  for (const [field, name] of Object.entries(SCALAR_NAMES)) put(name, request[field as keyof typeof SCALAR_NAMES]);
  const { browser, screen } = request;
  [browser.height, browser.width, browser.timeOffsetMin, screen.height, screen.width, screen.colorDepth].forEach((value, i) => put(SIZE_NAMES[i]!, value));
  put('devicePixelRatio', screen.pixelRatio);
  put('screenOrientation', screen.orientation);
  put('mboxXDomain', request.xDomain);
  put('mboxMCGVID', request.visitorId);
  for (const [type, { id, authState }] of Object.entries(request.customerIds)) {
    put(`vst.${type}.id`, id);
    put(`vst.${type}.authState`, authState);
  }
  for (const [key, value] of Object.entries(request.params)) if (!RESERVED.has(key)) put(key, value);
  return entries;
}

/** `name=value&…`, percent-encoded: the GET query or the POST body. */
export function encodeDeliveryQuery(request: DeliveryRequest): string {
  return encodeDeliveryParams(request)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * Reads a request from its decoded parameters (query or form body), for the decision server:
 * the mbox name is required and at most MBOX_NAME_MAX_CHARS; numbers the client sends are read
 * leniently (a missing or garbled screen size is 0), since only the mbox decides.
 */
export function decodeDeliveryParams(entries: readonly [string, string][]): Result<DeliveryRequest> {
  const get = new Map<string, string>();
  // Keys come from the request: without a prototype, `vst.__proto__.id` is a customer id like any
  // other instead of a write to Object.prototype.
  const customerIds: Record<string, DeliveryCustomerId> = Object.create(null);
  const params: Record<string, string> = Object.create(null);
  // The first occurrence of a name wins, whatever the name (a POST's query comes before its body).
  // A name is a customer id's part, a wire name or a page parameter, never two of them, so each
  // kind remembers its own names.
  const customerIdNames = new Set<string>();
  for (const [name, value] of entries) {
    const customer = name.startsWith(CUSTOMER_ID_PREFIX) ? CUSTOMER_ID.exec(name) : null;
    if (customer) {
      if (customerIdNames.has(name)) continue;
      customerIdNames.add(name);
      const entry = (customerIds[customer[1]!] ??= { id: '' });
      if (customer[2] === 'id') entry.id = value;
      else entry.authState = Number(value);
    } else if (RESERVED.has(name)) {
      if (!get.has(name)) get.set(name, value);
    } else if (!(name in params)) params[name] = value;
  }
  const mbox = get.get('mbox') ?? '';
  if (mbox === '') return rejected('missing mbox: the request names no mbox');
  if (mbox.length > MBOX_NAME_MAX_CHARS) return rejected(`mbox too long: ${mbox.length} characters, at most ${MBOX_NAME_MAX_CHARS}`);
  const num = (name: string) => {
    const value = Number(get.get(name));
    return Number.isFinite(value) ? value : 0;
  };
  const text = (name: string) => get.get(name) ?? '';
  const optional = (name: string) => get.get(name) || undefined;
  return decoded({
    mbox,
    sessionId: text('mboxSession'),
    deviceId: optional('mboxPC'),
    pageId: text('mboxPage'),
    requestId: text('mboxRid'),
    version: text('mboxVersion'),
    count: num('mboxCount'),
    time: num('mboxTime'),
    host: text('mboxHost'),
    url: text('mboxURL'),
    referrer: text('mboxReferrer'),
    browser: { height: num('browserHeight'), width: num('browserWidth'), timeOffsetMin: num('browserTimeOffset') },
    screen: {
      height: num('screenHeight'),
      width: num('screenWidth'),
      colorDepth: num('colorDepth'),
      pixelRatio: get.has('devicePixelRatio') ? num('devicePixelRatio') : undefined,
      orientation: optional('screenOrientation'),
    },
    xDomain: optional('mboxXDomain'),
    visitorId: optional('mboxMCGVID'),
    customerIds,
    params,
  });
}
