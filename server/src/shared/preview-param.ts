/**
 * Where a preview link's token sits in a page address: the query parameter the editor's link adds
 * (decide/preview-link.ts), the delivery server reads (decide/preview-decision.ts) and the
 * collector takes out of every tracked address (ingest/steps/preview-param.ts).
 */
import { PREVIEW_PARAM } from '@mesura/protocol';

/** The page URL's query parameter that carries the token (decide/preview-token.ts), named once in @mesura/protocol. */
export { PREVIEW_PARAM };

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
