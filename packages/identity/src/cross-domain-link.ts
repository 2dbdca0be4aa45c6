/**
 * One visitor across the broadcaster's domains (§9 "incoming cross-domain linking accepted"): a
 * link to a sister domain carries `mesura_vid={visitorId}.{epochSeconds}`, and the sister domain
 * adopts that id if the parameter is fresh. The receiver cannot know who sent the link, so age is
 * the only guard against a shared link merging strangers.
 */
import {
  CROSS_DOMAIN_LINK_CLOCK_SKEW_S,
  CROSS_DOMAIN_LINK_MAX_AGE_S,
  CROSS_DOMAIN_PARAM,
} from './constants.js';
import { isHttps, type CookieJar } from './cookie-jar.js';
import { privacyStatus } from './privacy.js';
import { putParam, takeParam } from './query-param.js';
import { isVisitorId, writeVisitorId } from './visitor-id.js';

export interface DecorateLinkOptions {
  visitorId: string;
  nowMs: number;
  /** Hosts that share visitors; a listed domain covers its subdomains (`ccma.cat` → `www.ccma.cat`). */
  sisterDomains: readonly string[];
  /** The page's own host: links to it stay as they are. Defaults to none. */
  pageHost?: string;
}

/** `href` with the visitor id appended when it points (absolute, http or https) to a sister domain. */
export function decorateLink(href: string, options: DecorateLinkOptions): string {
  if (!isSisterLink(href, options)) return href;
  return putParam(href, CROSS_DOMAIN_PARAM, `${options.visitorId}.${Math.floor(options.nowMs / 1000)}`);
}

/** Whether `href` leads to a listed sister domain other than the page's own host. */
export function isSisterLink(href: string, options: Pick<DecorateLinkOptions, 'sisterDomains' | 'pageHost'>): boolean {
  const host = hostOf(href);
  if (host === undefined || host === options.pageHost) return false;
  return options.sisterDomains.some((domain) => {
    const d = domain.toLowerCase();
    return host === d || host.endsWith(`.${d}`);
  });
}

/**
 * Why an incoming parameter was not adopted.
 * - `absent`: the address has no `mesura_vid`.
 * - `malformed`: not `{16HEX-16HEX}.{epochSeconds}`.
 * - `expired`: older than `maxAgeS`; a link shared later, or a page reloaded from history.
 * - `future`: dated more than CROSS_DOMAIN_LINK_CLOCK_SKEW_S ahead; forged or a wrong clock.
 * - `opted-out`: the visitor opted out here, so no cookie is written.
 */
export type IncomingVisitorRefusal = 'absent' | 'malformed' | 'expired' | 'future' | 'opted-out';

/** `url` is the address without the parameter, for `history.replaceState`, whatever the outcome. */
export type IncomingVisitor =
  | { accepted: true; visitorId: string; url: string }
  | { accepted: false; reason: IncomingVisitorRefusal; url: string };

export interface AcceptIncomingOptions {
  /** The first-party cookies, where an accepted id is written (Secure on an https page). */
  jar: CookieJar;
  /** Defaults to CROSS_DOMAIN_LINK_MAX_AGE_S (300 s). */
  maxAgeS?: number;
}

/**
 * Reads `mesura_vid` from the page's address; a fresh, well-formed one becomes the visitor's id
 * in the first-party cookie, replacing any there (the visitor came from a sister domain just now).
 */
export function acceptIncomingVisitor(
  location: { readonly href: string },
  nowMs: number,
  options: AcceptIncomingOptions,
): IncomingVisitor {
  const { href: url, value } = takeParam(location.href, CROSS_DOMAIN_PARAM);
  const refuse = (reason: IncomingVisitorRefusal): IncomingVisitor => ({ accepted: false, reason, url });
  if (value === undefined) return refuse('absent');
  const dot = value.lastIndexOf('.');
  const visitorId = value.slice(0, dot);
  const sentS = value.slice(dot + 1);
  if (dot < 0 || !isVisitorId(visitorId) || !/^\d{1,12}$/.test(sentS)) return refuse('malformed');
  const ageS = nowMs / 1000 - Number(sentS);
  if (ageS > (options.maxAgeS ?? CROSS_DOMAIN_LINK_MAX_AGE_S)) return refuse('expired');
  if (ageS < -CROSS_DOMAIN_LINK_CLOCK_SKEW_S) return refuse('future');
  if (privacyStatus(options.jar) === 'opted-out') return refuse('opted-out');
  writeVisitorId(options.jar, visitorId, isHttps(location.href));
  return { accepted: true, visitorId, url };
}

function hostOf(href: string): string | undefined {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}
