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
 * the whole query (named by the pair's raw key) instead of being replaced by U+FFFD.
 */
export function strictQueryEntries(query: string): { ok: true; entries: [string, string][] } | { ok: false; rawKey: string } {
  const entries: [string, string][] = [];
  const text = query.charCodeAt(0) === QUESTION_MARK ? query.slice(1) : query;
  if (text === '') return { ok: true, entries };
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const key = strictUnescape(rawKey);
    const value = eq < 0 ? '' : strictUnescape(part.slice(eq + 1));
    if (key === undefined || value === undefined) return { ok: false, rawKey };
    entries.push([key, value]);
  }
  return { ok: true, entries };
}

function strictUnescape(component: string): string | undefined {
  const spaced = component.includes('+') ? component.replaceAll('+', ' ') : component;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return undefined;
  }
}
