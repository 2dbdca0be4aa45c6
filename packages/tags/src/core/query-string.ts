/** Query-string and cookie reading for data elements and conditions. */
import { readCookie } from '@mesura/datalayer';
import { MAX_QUERY_KEYS } from '../constants.js';

/** Percent-decoding that keeps a malformed value as it is rather than throwing. */
export function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The first value of a query parameter in `search` (`?a=1&b=2`), `''` for a bare key, `undefined`
 * when absent. Only the first 1000 keys are read (§9): a later one counts as absent.
 */
export function queryParam(search: string, name: string, caseInsensitive = false): string | undefined {
  const wanted = caseInsensitive ? name.toLowerCase() : name;
  for (const pair of search.replace(/^\?/, '').split('&', MAX_QUERY_KEYS)) {
    const at = pair.indexOf('=');
    const raw = decode((at < 0 ? pair : pair.slice(0, at)).replace(/\+/g, ' '));
    if ((caseInsensitive ? raw.toLowerCase() : raw) === wanted && pair !== '') {
      return at < 0 ? '' : decode(pair.slice(at + 1).replace(/\+/g, ' '));
    }
  }
  return undefined;
}

/** A cookie's decoded value in `document.cookie` text, or `undefined`. */
export function cookieValue(cookies: string, name: string): string | undefined {
  const value = readCookie(cookies, name);
  return value === undefined ? undefined : decode(value);
}
