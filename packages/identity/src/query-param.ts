/**
 * Query-parameter surgery on an address kept as text. `URL.searchParams` would re-encode every
 * other parameter (spaces become `+`, `%7E` becomes `~`), and the cleaned address goes back into
 * the visitor's address bar and the decorated one into the site's links: both must stay as written.
 * `name` must be a plain word (no regular-expression characters): it is one of our constants.
 */

/** `href` without any `name` parameter, and the first such parameter's raw value. */
export function takeParam(href: string, name: string): { href: string; value?: string } {
  const [head, hash] = splitHash(href);
  const value = new RegExp(`[?&]${name}=([^&]*)`).exec(head)?.[1];
  if (value === undefined) return { href };
  // `a?x&name=v&y` → `a?x&y`; `a?name=v` → `a?` → `a`; `a?x&name=v` → `a?x&` → `a?x`. The
  // look-behind reads the original text, so `a?name=v&name=w` loses both.
  const rest = head.replace(new RegExp(`(?<=[?&])${name}=[^&]*&?`, 'g'), '').replace(/[?&]$/, '');
  return { href: rest + hash, value };
}

/** `href` with `name=value` as its last parameter, replacing any earlier `name`. */
export function putParam(href: string, name: string, value: string): string {
  const [head, hash] = splitHash(takeParam(href, name).href);
  return `${head}${head.includes('?') ? '&' : '?'}${name}=${value}${hash}`;
}

function splitHash(href: string): [string, string] {
  const at = href.indexOf('#');
  return at < 0 ? [href, ''] : [href.slice(0, at), href.slice(at)];
}
