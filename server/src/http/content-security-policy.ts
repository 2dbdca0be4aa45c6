/**
 * The Content-Security-Policy of the site's and the console's pages. Scripts come from this origin
 * only, plus the inline scripts the server itself writes into a page, which carry the response's
 * nonce. No 'unsafe-inline' for scripts: markup that slips into a page cannot run.
 *
 * An administrator's trusted offer runs its scripts: the sanitiser bundle gives each script it
 * makes the nonce of the page's own inline script (packages/personalize trusted-html.ts). Editors'
 * offers never carry scripts, so nothing else needs the nonce.
 */
import { randomBytes } from 'node:crypto';

/** 128 bits, as CSP Level 3 asks of a nonce. */
export const NONCE_BYTES = 16;

/** Where a page may send requests besides its own origin (the ga destination, the decision edge host, the collector). */
export interface PolicySources {
  connect: readonly string[];
  /** Origins it may frame besides its own: the collector's ID-sync frame (§7). Default none. */
  frame?: readonly string[];
  /** Origins images may come from besides its own and `connect`: siteImageSources. Default none. */
  images?: readonly string[];
}

export function createNonce(): string {
  return randomBytes(NONCE_BYTES).toString('base64');
}

/**
 * The site's policy. hls.js plays through Media Source Extensions (blob: media) and parses in a
 * blob: worker. Images come from the origins offers may show pictures from (`images`) and the
 * ones the page sends to (`connect`: the analytics transport falls back to an image beacon), never
 * from any https host: an image runs no code, but it is a request that tells another host who
 * read the page. Styles stay 'unsafe-inline': the head snippet's body-hiding style and React's
 * style attributes are inline, and a style runs no code.
 */
export function sitePolicy(nonce: string, sources: PolicySources): string {
  return serialise({
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(sources.images ?? []), ...sources.connect],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...sources.connect],
    'frame-src': ["'self'", ...(sources.frame ?? [])],
    ...LOCKED_DOWN,
  });
}

/** The console has no inline script and talks to its own origin only. */
export function consolePolicy(): string {
  return serialise({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    ...LOCKED_DOWN,
  });
}

/** No plugins, no `<base>` pointing elsewhere, framed by this origin only, forms post here. */
const LOCKED_DOWN = {
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
} as const;

/**
 * The origins the site's pages reach besides their own: the collector (MESURA_PUBLIC_URL), the ga
 * destination (an origin, checked by config.ts) and the decision edge host (host[:port], checked by delivery-settings.ts; a CSP host
 * source without a scheme takes the page's).
 */
export function siteConnectSources(config: { gaDestination: string | false | undefined; decisionEdgeHost: string | undefined; publicUrl?: URL | undefined }): string[] {
  const sources: string[] = [];
  // The collector, where pages on the broadcaster's other domains send and ask for the visitor.
  if (config.publicUrl !== undefined) sources.push(config.publicUrl.origin);
  if (typeof config.gaDestination === 'string') sources.push(config.gaDestination);
  if (config.decisionEdgeHost !== undefined) sources.push(config.decisionEdgeHost);
  return sources;
}

/**
 * Where the site's images may come from besides its own origin: its other origins
 * (MESURA_SITE_ORIGINS) and MESURA_OFFER_ORIGINS, the same list untrusted offers' images are held
 * to (decide/redirect-policy.ts), so that the policy and the sanitiser agree.
 */
export function siteImageSources(config: { siteOrigins: readonly string[]; offerOrigins: readonly string[] }): string[] {
  return [...config.siteOrigins, ...config.offerOrigins];
}

function serialise(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...new Set(values)].join(' '))
    .join('; ');
}
