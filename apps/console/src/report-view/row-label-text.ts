/**
 * How a row's name is shown: an address (a page not found, an exit link, a download) without its
 * scheme and `www.`, and when long cut in the middle, so that addresses that share their start stay
 * told apart (the end of a path is what differs); any other name whole (the chart's CSS cuts its
 * end). The whole name and the row's code are on hover.
 */
import type { ReportRow } from '@mesura/protocol';

/** An address longer than this is cut in the middle. */
export const ADDRESS_LABEL_MAX_CHARS = 32;
/** Characters kept from the end of a cut address: its last path segments, where addresses differ. */
const ADDRESS_TAIL_CHARS = 18;

const ADDRESS = /^(?:https?:\/\/|\/)/i;
const SCHEME_AND_WWW = /^https?:\/\/(?:www\.)?/i;

/** The name as shown in a row. */
export function shownLabel(label: string): string {
  if (!ADDRESS.test(label)) return label;
  const address = label.replace(SCHEME_AND_WWW, '');
  if (address.length <= ADDRESS_LABEL_MAX_CHARS) return address;
  const head = ADDRESS_LABEL_MAX_CHARS - ADDRESS_TAIL_CHARS - 1;
  return `${address.slice(0, head)}…${address.slice(address.length - ADDRESS_TAIL_CHARS)}`;
}

/** The row's code: how the data names it (ReportRow['code']), else its key. */
export function rowCode(row: Pick<ReportRow, 'key' | 'code'>): string {
  return row.code ?? row.key;
}

/** The hover text: the whole name, and the code when it says something the name does not. */
export function rowHover(row: Pick<ReportRow, 'key' | 'code' | 'label'>): string {
  const code = rowCode(row);
  return code === row.label ? row.label : `${row.label} (codi: ${code})`;
}
