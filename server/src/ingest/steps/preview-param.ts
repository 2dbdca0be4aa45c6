/**
 * A tracked address without the preview token's parameter (decide/preview-token.ts PREVIEW_PARAM).
 * An editor who opens a preview link is tracked like any visitor on that page, but the token is a
 * credential for an hour and no part of the page: kept, it would be readable in every report and
 * export that shows addresses, and would split the page's row in the page rankings.
 */
import { PREVIEW_PARAM } from '../../decide/preview-token.js';

/** An address cut where its query can be changed and the rest kept byte for byte. */
export interface AddressParts {
  /** Everything before the query's `?`. */
  head: string;
  /** The query's `name=value` pairs as written, empty pairs left out. */
  pairs: string[];
  /** `#…` or ''. */
  fragment: string;
}

export function addressParts(address: string): AddressParts {
  const hashAt = address.indexOf('#');
  const beforeHash = hashAt < 0 ? address : address.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : address.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const head = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? '' : beforeHash.slice(queryAt + 1);
  return { head, pairs: query.split('&').filter((pair) => pair !== ''), fragment };
}

/** Whether a query pair names the preview token (with or without a value). */
export function isPreviewPair(pair: string): boolean {
  return pair.split('=', 1)[0] === PREVIEW_PARAM;
}

/** `address` less every PREVIEW_PARAM pair of its query; unchanged (same string) when it has none. */
export function withoutPreviewParam(address: string | null): string | null {
  // The cheap test first: beacons pass here on the collector's hot path.
  if (address === null || !address.includes(PREVIEW_PARAM)) return address;
  const { head, pairs, fragment } = addressParts(address);
  const kept = pairs.filter((pair) => !isPreviewPair(pair));
  if (kept.length === pairs.length) return address;
  return `${head}${kept.length > 0 ? `?${kept.join('&')}` : ''}${fragment}`;
}
