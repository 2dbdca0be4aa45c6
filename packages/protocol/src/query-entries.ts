/**
 * A query string (or form body) as ordered `[key, value]` pairs, decoded exactly as
 * URLSearchParams decodes them. Written out because the collector decodes every beacon on its
 * hot path and URLSearchParams costs about as much as the rest of decoding together; components
 * without `%` or `+` (most of them) are taken as they are.
 */
export function queryEntries(query: string): [string, string][] {
  const entries: [string, string][] = [];
  const text = query.charCodeAt(0) === QUESTION_MARK ? query.slice(1) : query;
  if (text === '') return entries;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    entries.push(eq < 0 ? [unescapeComponent(part), ''] : [unescapeComponent(part.slice(0, eq)), unescapeComponent(part.slice(eq + 1))]);
  }
  return entries;
}

const QUESTION_MARK = 63;

function unescapeComponent(component: string): string {
  const hasPercent = component.includes('%');
  if (!hasPercent && !component.includes('+')) return component;
  const spaced = component.replaceAll('+', ' ');
  if (!hasPercent) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    // Malformed escapes or invalid UTF-8: URLSearchParams keeps a lone `%` and writes U+FFFD.
    return new URLSearchParams(`x=${component}`).get('x') ?? '';
  }
}

/**
 * The same pairs for what a collector stores: a malformed percent-escape or invalid UTF-8 refuses
 * the whole query (named by the pair's raw key) instead of being replaced by U+FFFD. Read in one
 * pass over the characters, which finds each pair's `&`, its first `=` and whether its key or
 * value holds a `%` or a `+`: the collector decodes every beacon this way on its hot path, where
 * splitting first walked each pair three more times (for `=`, `+` and `%`) and made an array of them.
 */
export function strictQueryEntries(query: string): { ok: true; entries: [string, string][] } | { ok: false; rawKey: string } {
  const entries: [string, string][] = [];
  const text = query.charCodeAt(0) === QUESTION_MARK ? query.slice(1) : query;
  let start = 0;
  let eq = -1;
  let keyEscapes = 0;
  let valueEscapes = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : AMPERSAND;
    if (code === AMPERSAND) {
      if (i > start) {
        const keyEnd = eq < 0 ? i : eq;
        const rawKey = text.slice(start, keyEnd);
        const key = strictUnescape(rawKey, keyEscapes);
        const value = eq < 0 ? '' : strictUnescape(text.slice(eq + 1, i), valueEscapes);
        if (key === undefined || value === undefined) return { ok: false, rawKey };
        entries.push([key, value]);
      }
      start = i + 1;
      eq = -1;
      keyEscapes = 0;
      valueEscapes = 0;
    } else if (code === EQUALS && eq < 0) eq = i;
    else if (code === PERCENT || code === PLUS) {
      const flag = code === PERCENT ? HAS_PERCENT : HAS_PLUS;
      if (eq < 0) keyEscapes |= flag;
      else valueEscapes |= flag;
    }
  }
  return { ok: true, entries };
}

const AMPERSAND = 38;
const EQUALS = 61;
const PERCENT = 37;
const PLUS = 43;
const HAS_PERCENT = 1;
const HAS_PLUS = 2;

/** A component decoded, given which of `%` and `+` it holds; undefined when its escapes are malformed or not UTF-8. */
function strictUnescape(component: string, escapes: number): string | undefined {
  const spaced = escapes & HAS_PLUS ? component.replaceAll('+', ' ') : component;
  if (!(escapes & HAS_PERCENT)) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return undefined;
  }
}
