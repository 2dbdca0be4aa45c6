/**
 * What text a hit or heartbeat may bring into the store, and in what shape. Every stored text
 * field has a named limit; per field, going over it either refuses the request or truncates:
 *
 * - Beacon values are refused whole when over their limit (constants.ts): the page URL `g`+`-g`,
 *   the referrer `r` and the link URL `pev1` at MAX_URL_CHARS; the page name and the variables at
 *   MAX_VARIABLE_VALUE_CHARS; the link name `pev2` at MAX_LINK_NAME_CHARS; each context-data key at
 *   MAX_CONTEXT_DATA_KEY_CHARS, value at MAX_CONTEXT_DATA_VALUE_CHARS, and at most
 *   MAX_CONTEXT_DATA_ENTRIES of them. The SDK builds beacons within the same limits, so only a
 *   forged or broken beacon goes over, and a cut value would be stored as if it were true.
 * - Heartbeat text values are refused over MAX_HEARTBEAT_VALUE_CHARS, and a heartbeat with more
 *   than MAX_HEARTBEAT_META_ENTRIES metadata entries is refused, for the same reason.
 * - The user agent is truncated at MAX_USER_AGENT_CHARS: it is a request header the page does not
 *   choose, and refusing it would lose a real visit for a browser's long version string.
 * - Every decoded key and value loses its control characters (C0, DEL, C1; none is kept, not even
 *   tab or newline: no stored field is multi-line, and they break CSV exports and log lines).
 * - A percent-escape that is malformed or decodes to invalid UTF-8 refuses the request, rather
 *   than storing U+FFFD in place of what the client meant; so does a U+FFFD already in the text.
 */
import { decoded, rejected, type Result } from './result.js';
import { quote } from './errors.js';
import { strictQueryEntries } from './query-entries.js';

export {
  MAX_CONTEXT_DATA_ENTRIES,
  MAX_CONTEXT_DATA_KEY_CHARS,
  MAX_CONTEXT_DATA_VALUE_CHARS,
  MAX_LINK_NAME_CHARS,
  MAX_URL_CHARS,
  MAX_VARIABLE_VALUE_CHARS,
} from './constants.js';

/** The `User-Agent` header as stored; real ones are under 300 characters. */
export const MAX_USER_AGENT_CHARS = 512;
/** Each text value of a heartbeat (ids, names, metadata values), as context-data values. */
export const MAX_HEARTBEAT_VALUE_CHARS = 1024;
/** Metadata entries (`s:meta:*`) of one heartbeat; the player sends a dozen at most. */
export const MAX_HEARTBEAT_META_ENTRIES = 100;

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
/** A control character or U+FFFD: a text with neither (nearly all) is stored as it is. */
const NOT_STORED_AS_IS = /[\u0000-\u001f\u007f-\u009f\ufffd]/;
const REPLACEMENT_CHARACTER = '\ufffd';
/**
 * What can decode to a character that is not stored as it is: that character sent as such, or the
 * percent-escape of a control character (`%00`–`%1F`, `%7F`, and `%C2%80`–`%C2%9F`, the C1 range in
 * UTF-8) or of U+FFFD (`%EF%BF%BD`). Decoding cannot make one otherwise: `+` is a space, and
 * decodeURIComponent refuses overlong forms. Nearly no query has any, and its pairs need no cleaning.
 */
const DECODES_TO_NOT_STORED_AS_IS = /[\u0000-\u001f\u007f-\u009f\ufffd]|%(?:[01][0-9A-Fa-f]|7[Ff]|[Cc]2%[89][0-9A-Fa-f]|[Ee][Ff]%[Bb][Ff]%[Bb][Dd])/;

export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}

/** The user agent as stored: without control characters, at most MAX_USER_AGENT_CHARS. */
export function storedUserAgent(userAgent: string | undefined): string | undefined {
  return userAgent === undefined ? undefined : withoutControlCharacters(userAgent).slice(0, MAX_USER_AGENT_CHARS);
}

export const invalidText = (key: string): string => `invalid UTF-8 or malformed percent-escape in ${quote(key)}`;

/** A decoded key or value as stored, without control characters; undefined when it holds U+FFFD. */
function storedText(text: string): string | undefined {
  if (!NOT_STORED_AS_IS.test(text)) return text;
  return text.includes(REPLACEMENT_CHARACTER) ? undefined : withoutControlCharacters(text);
}

/**
 * Decoded `[key, value]` pairs as they may be stored: control characters removed, and refused
 * when a key or value holds U+FFFD (what a decoder writes for bytes that are not UTF-8).
 */
export function cleanEntries(entries: readonly (readonly [string, string])[]): Result<[string, string][]> {
  const cleaned: [string, string][] = [];
  for (const [key, value] of entries) {
    const storedKey = storedText(key);
    const storedValue = storedText(value);
    if (storedKey === undefined || storedValue === undefined) return rejected(invalidText(key));
    cleaned.push([storedKey, storedValue]);
  }
  return decoded(cleaned);
}

/** A query string or form body as pairs fit to store: strictly percent-decoded, then cleaned. */
export function storedQueryEntries(query: string): Result<[string, string][]> {
  const read = strictQueryEntries(query);
  if (!read.ok) return rejected(invalidText(read.rawKey));
  if (!DECODES_TO_NOT_STORED_AS_IS.test(query)) return decoded(read.entries);
  // The pairs are this call's own: cleaned where they are rather than copied.
  for (const pair of read.entries) {
    const storedKey = storedText(pair[0]);
    const storedValue = storedText(pair[1]);
    if (storedKey === undefined || storedValue === undefined) return rejected(invalidText(pair[0]));
    pair[0] = storedKey;
    pair[1] = storedValue;
  }
  return decoded(read.entries);
}
