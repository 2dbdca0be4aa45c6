/**
 * Where an activity may send a visitor or make their browser fetch from. Redirects go to the
 * site's own origins (MESURA_SITE_ORIGINS) and the origins an operator adds (MESURA_REDIRECT_ORIGINS);
 * they apply to trusted activities too: a redirect needs no script, so it is the one harm an
 * approved activity could still carry off-site without anyone reading its HTML. The URLs an
 * untrusted offer writes into the page (links, images, citations: offer-html-policy.ts'
 * URL_ATTRIBUTES, in its HTML and its setAttribute actions) go to the site's origins and
 * MESURA_OFFER_ORIGINS (a picture CDN, say): a link or an image elsewhere is a redirect or a
 * tracking pixel by other means.
 *
 * A URL is judged where it lands once resolved, per the URL standard, against the page it is
 * written into, as the browser will resolve it: `http:/evil.example/` or `https:evil.example` read
 * as paths on a page of the same scheme but as another host on a page of the other scheme, so
 * each is resolved against an http page and an https page, and must land well on both.
 */

/** The origin lists of the configuration (config.ts) that the policies read. */
export interface OriginLists {
  siteOrigins: readonly string[];
  /** MESURA_REDIRECT_ORIGINS. Default none. */
  redirectOrigins?: readonly string[];
  /** MESURA_OFFER_ORIGINS. Default none. */
  offerOrigins?: readonly string[];
}

export interface RedirectPolicy {
  /** Why a visitor may not be sent to `url`, in one line (naming it as `what`); undefined when they may. */
  problem(url: string, what?: string): string | undefined;
  /**
   * Why an untrusted offer may not write `url` into the page as its `attribute`, in one line;
   * undefined when it may. mailto: and tel: open the visitor's own mail or phone app and fetch
   * nothing: they pass; the other schemes are offer-html-policy.ts' to refuse.
   */
  offerUrlProblem(url: string, attribute: string): string | undefined;
}

/**
 * Stand-ins for the page (`.invalid` is never a real host): one per scheme the site may be served
 * over, since a URL with a scheme but no `//` resolves differently on each.
 */
const PAGE_BASES = ['https://page.invalid/', 'http://page.invalid/'] as const;
const PAGE_ORIGINS: ReadonlySet<string> = new Set(PAGE_BASES.map((base) => new URL(base).origin));
/** Schemes that reach no host from the page. */
const HOSTLESS_SCHEMES = new Set(['mailto:', 'tel:']);

export function createRedirectPolicy(origins: OriginLists): RedirectPolicy {
  const redirectTargets = originSet([...origins.siteOrigins, ...(origins.redirectOrigins ?? [])]);
  const offerTargets = originSet([...origins.siteOrigins, ...(origins.offerOrigins ?? [])]);
  return {
    problem: (url, what = 'redirect') => landingProblem(url, what, redirectTargets, 'MESURA_REDIRECT_ORIGINS'),
    offerUrlProblem: (url, attribute) => landingProblem(url, attribute, offerTargets, 'MESURA_OFFER_ORIGINS', HOSTLESS_SCHEMES),
  };
}

function originSet(origins: readonly string[]): ReadonlySet<string> {
  return new Set(origins.map((origin) => new URL(origin).origin));
}

/** Where `url` lands from a page of each scheme, checked against `allowed` (the page's own origin always is). */
function landingProblem(url: string, what: string, allowed: ReadonlySet<string>, setting: string, passingSchemes: ReadonlySet<string> = new Set()): string | undefined {
  for (const base of PAGE_BASES) {
    let target: URL;
    try {
      target = new URL(url, base);
    } catch {
      return `${what} ${JSON.stringify(url.slice(0, 80))} is not a URL`;
    }
    if (PAGE_ORIGINS.has(target.origin) || allowed.has(target.origin) || passingSchemes.has(target.protocol)) continue;
    const where = target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : target.protocol;
    return `${what} to ${where} is not allowed: only the site's origins and ${setting}`;
  }
  return undefined;
}

/** A comma list of http(s) origins, such as MESURA_REDIRECT_ORIGINS; throws a one-line Error naming `name` and the bad entry. */
export function parseOriginList(name: string, value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
      throw new Error(`${name} must be a comma list of http(s) origins such as https://www.mesura.cat, got '${entry}'`);
    }
    return url.origin;
  });
}
