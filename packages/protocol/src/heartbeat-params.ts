/**
 * One media heartbeat (wire-formats §2): `GET {trackingServer}/?{params}`, one request per event,
 * with typed keys (`s:` string, `l:` long, `h:` boolean written 1/0). The groups follow spec §3
 * "Internal session records": analytics, visitor, service provider, event, asset, stream, metadata.
 *
 * Where the wire page is silent, Mesura chose (and keeps):
 * - customer ids ride as `s:cuser:customer_user_ids_{code}.id` and
 *   `l:cuser:customer_user_ids_{code}.authState` (the library's `s:cuser:customer_user_ids_x`);
 * - `s:asset:pod_position` is the ad's position in its break (the break's own position is in
 *   `s:asset:pod_id`);
 * - pod and chapter ids are `{md5(content id)}_{position}` (the wire page's "md5 of the content id
 *   + `_` + position", read as the commercial library computes it);
 * - a long that is not a finite number is written 0 (the wire cannot carry NaN or Infinity).
 */

import { authStateOf } from './auth-state.js';
import type { Heartbeat } from './heartbeat.js';
import { CUSTOMER_IDS_AFTER_KEY, HEARTBEAT_FIELDS, heartbeatFieldValue, type HeartbeatField } from './heartbeat-fields.js';
import { tcfSignalParams } from './tcf-signal.js';

/** Key prefixes of the three wire types. */
export const STRING_KEY_PREFIX = 's:';
export const LONG_KEY_PREFIX = 'l:';
export const BOOLEAN_KEY_PREFIX = 'h:';
export const META_KEY_PREFIX = 's:meta:';
export const CUSTOMER_ID_KEY_PREFIX = 'customer_user_ids_';

type Value = string | number | boolean | undefined;

/** The query string of a heartbeat, without the leading `?`, in the order of the groups above. */
export function encodeHeartbeatQuery(heartbeat: Heartbeat): string {
  const pieces: string[] = [];
  for (const [key, value] of heartbeatEntries(heartbeat)) {
    const written = writeValue(key, value);
    // Keys are ASCII with ':' (allowed in a query); only metadata keys come from the page.
    if (written !== undefined) pieces.push(`${encodeURIComponent(key).replaceAll('%3A', ':')}=${encodeURIComponent(written)}`);
  }
  return pieces.join('&');
}

/** `{scheme}://{trackingServer}/?{params}`; `trackingServer` is a host, with a port if any. */
export function heartbeatUrl(trackingServer: string, ssl: boolean, heartbeat: Heartbeat): string {
  return `${ssl ? 'https' : 'http'}://${trackingServer}/?${encodeHeartbeatQuery(heartbeat)}`;
}

/**
 * Every key of a heartbeat with its value (undefined when the heartbeat has none), in wire order:
 * the fields of heartbeat-fields.ts, the customer ids after the visitor id, then the metadata and
 * the TCF signal.
 */
export function heartbeatEntries(heartbeat: Heartbeat): [string, Value][] {
  const entries: [string, Value][] = [];
  for (const field of HEARTBEAT_FIELDS as readonly HeartbeatField[]) {
    const value = heartbeatFieldValue(heartbeat, field);
    entries.push([field.key, field.type === 'position' && value !== undefined ? String(Math.floor(Number(value))) : value]);
    if (field.key === CUSTOMER_IDS_AFTER_KEY) entries.push(...customerIdEntries(heartbeat.customerIds));
  }
  entries.push(...Object.entries(heartbeat.meta).map(([key, value]): [string, Value] => [`${META_KEY_PREFIX}${key}`, value]));
  entries.push(...tcfSignalParams(heartbeat.consent));
  return entries;
}

function customerIdEntries(ids: Heartbeat['customerIds']): [string, Value][] {
  return Object.entries(ids ?? {}).flatMap(([code, entry]): [string, Value][] =>
    code === '' || typeof entry?.id !== 'string' || entry.id === ''
      ? []
      : [
          [`s:cuser:${CUSTOMER_ID_KEY_PREFIX}${code}.id`, entry.id],
          [`l:cuser:${CUSTOMER_ID_KEY_PREFIX}${code}.authState`, authStateOf(entry.authState)],
        ],
  );
}

/** The wire text of a value, by the key's type; undefined leaves the key out. */
function writeValue(key: string, value: Value): string | undefined {
  if (value === undefined) return undefined;
  if (key.startsWith(BOOLEAN_KEY_PREFIX)) return value ? '1' : '0';
  if (key.startsWith(LONG_KEY_PREFIX)) {
    const long = Math.floor(Number(value));
    return String(Number.isFinite(long) ? long : 0);
  }
  const text = String(value);
  return text === '' ? undefined : text;
}
