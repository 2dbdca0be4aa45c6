/**
 * A tracked address without the preview token's parameter (shared/preview-param.ts PREVIEW_PARAM).
 * An editor who opens a preview link is tracked like any visitor on that page, but the token is a
 * credential for an hour and no part of the page: kept, it would be readable in every report and
 * export that shows addresses, and would split the page's row in the page rankings.
 */
import { PREVIEW_PARAM, addressParts, isPreviewPair } from '../../shared/preview-param.js';

/** `address` less every PREVIEW_PARAM pair of its query; unchanged (same string) when it has none. */
export function withoutPreviewParam(address: string | null): string | null {
  // The cheap test first: beacons pass here on the collector's hot path.
  if (address === null || !address.includes(PREVIEW_PARAM)) return address;
  const { head, pairs, fragment } = addressParts(address);
  const kept = pairs.filter((pair) => !isPreviewPair(pair));
  if (kept.length === pairs.length) return address;
  return `${head}${kept.length > 0 ? `?${kept.join('&')}` : ''}${fragment}`;
}
