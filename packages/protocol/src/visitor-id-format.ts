/**
 * The visitor id Mesura writes (`fid` on the wire, the `mesura_fid` cookie in the browser,
 * `mesura_cid` on the collector): 128 random bits as two halves of 16 upper-case hex digits. One
 * definition, because the browser adopts the collector's id and the other way round.
 */
const VISITOR_ID = /^[0-9A-F]{16}-[0-9A-F]{16}$/;

/** Random bytes a visitor id is made of. */
export const VISITOR_ID_BYTES = 16;

/** Whether `value` has the visitor-id format. */
export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && VISITOR_ID.test(value);
}

/** The visitor id of VISITOR_ID_BYTES random bytes. */
export function formatVisitorId(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  return `${hex.slice(0, VISITOR_ID_BYTES)}-${hex.slice(VISITOR_ID_BYTES, 2 * VISITOR_ID_BYTES)}`;
}
