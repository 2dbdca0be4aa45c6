/**
 * Where a redirect action may send a visitor: the site's own origins (MESURA_SITE_ORIGINS) and
 * the origins an operator adds (MESURA_REDIRECT_ORIGINS). A relative URL stays on the page's
 * origin and is fine. Applies to trusted activities too: a redirect needs no script, so it is the
 * one harm an approved activity could still carry off-site without anyone reading its HTML. An
 * untrusted setAttribute's URL (href, src, cite) is held to the same origins (offer-safety.ts):
 * pointing the page's own links, images or stylesheets elsewhere is a redirect by other means.
 */

export interface RedirectPolicy {
  /** Why a visitor may not be sent to `url`, in one line (naming it as `what`); undefined when they may. */
  problem(url: string, what?: string): string | undefined;
}

/** Resolves relative URLs; any base works, since a relative URL keeps the page's own origin. */
const RELATIVE_BASE = 'http://relative.invalid';

export function createRedirectPolicy(allowedOrigins: readonly string[]): RedirectPolicy {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return {
    problem(url, what = 'redirect') {
      let target: URL;
      try {
        target = new URL(url, RELATIVE_BASE);
      } catch {
        return `${what} ${JSON.stringify(url.slice(0, 80))} is not a URL`;
      }
      if (target.origin === RELATIVE_BASE || allowed.has(target.origin)) return undefined;
      return `${what} to ${target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : target.protocol} is not allowed: only the site's origins and MESURA_REDIRECT_ORIGINS`;
    },
  };
}

/** MESURA_REDIRECT_ORIGINS: a comma list of http(s) origins; throws a one-line Error naming a bad one. */
export function parseRedirectOrigins(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
      throw new Error(`MESURA_REDIRECT_ORIGINS must be a comma list of http(s) origins such as https://www.mesura.cat, got '${entry}'`);
    }
    return url.origin;
  });
}
