/**
 * Where a "go back to" parameter may send a person: the site's sign-in page (`/entrar/?torna=`)
 * and the console's login and password screens read one, and a link to them with a hostile value
 * must not turn signing in into a trip to another site (an open redirect).
 */

/**
 * The base a value is resolved against. Any origin does, as long as it can never be the page's own
 * (`.invalid` is reserved): a value stays on it only when it is a path, and a path keeps the page's
 * origin wherever the page is served.
 */
const PROBE_ORIGIN = 'https://return-path.invalid';

/**
 * The path (with its query and fragment) that `value` names on the page's own origin, read as the
 * browser reads an address (tabs and newlines dropped, `\` taken for `/`, `.`, `..` and their
 * percent-encoded forms resolved); undefined when it names anything else. Only a value that starts
 * with `/` is a path here, and the answer never starts with `//`: `/x/..//evil.example/` stays on
 * the origin as a URL, but its path, given to `location.assign`, is the scheme-relative address of
 * another host.
 */
export function sameOriginPath(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined || !value.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return undefined;
  return url.pathname + url.search + url.hash;
}
