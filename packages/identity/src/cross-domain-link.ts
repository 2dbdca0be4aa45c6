/**
 * One visitor across the broadcaster's domains (§9 "incoming cross-domain linking accepted"): a
 * link to a sister domain carries `mesura_vid={visitorId}.{epochSeconds}`, and the sister domain
 * adopts that id if the parameter is fresh. The receiver cannot know who sent the link, so age is
 * the only guard against a shared link merging strangers.
 */
import { CROSS_DOMAIN_LINK_CLOCK_SKEW_S, CROSS_DOMAIN_LINK_MAX_AGE_S, CROSS_DOMAIN_PARAM } from './constants.js';
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
export type IncomingVisitor = { accepted: true; visitorId: string; url: string } | { accepted: false; reason: IncomingVisitorRefusal; url: string };

export interface AcceptIncomingOptions {
  /** The first-party cookies, where an accepted id is written (Secure on an https page). */
  jar: CookieJar;
  /** Defaults to CROSS_DOMAIN_LINK_MAX_AGE_S (300 s). */
  maxAgeS?: number;
}

/** What the address carries, read without touching any cookie: the head snippet runs it before consent. */
export type IncomingParam = { visitorId: string; url: string } | { visitorId?: undefined; reason: Exclude<IncomingVisitorRefusal, 'opted-out'>; url: string };

/**
 * Reads `mesura_vid` from an address: a fresh, well-formed one gives the visitor id; `url` is the
 * address without the parameter, for `history.replaceState`, whatever the outcome.
 */
export function readIncomingVisitor(href: string, nowMs: number, maxAgeS = CROSS_DOMAIN_LINK_MAX_AGE_S): IncomingParam {
  const { href: url, value } = takeParam(href, CROSS_DOMAIN_PARAM);
  if (value === undefined) return { reason: 'absent', url };
  const dot = value.lastIndexOf('.');
  const visitorId = value.slice(0, dot);
  const sentS = value.slice(dot + 1);
  if (dot < 0 || !isVisitorId(visitorId) || !/^\d{1,12}$/.test(sentS)) return { reason: 'malformed', url };
  const ageS = nowMs / 1000 - Number(sentS);
  if (ageS > maxAgeS) return { reason: 'expired', url };
  if (ageS < -CROSS_DOMAIN_LINK_CLOCK_SKEW_S) return { reason: 'future', url };
  return { visitorId, url };
}

/**
 * Makes an incoming id the visitor's, in the first-party cookie, replacing any there (the visitor
 * came from a sister domain just now); not while opted out. Returns whether it was written.
 */
export function adoptIncomingVisitor(jar: CookieJar, visitorId: string, pageHref: string): boolean {
  if (privacyStatus(jar) === 'opted-out') return false;
  writeVisitorId(jar, visitorId, isHttps(pageHref));
  return true;
}

/** `readIncomingVisitor`, then `adoptIncomingVisitor` of what it found. */
export function acceptIncomingVisitor(location: { readonly href: string }, nowMs: number, options: AcceptIncomingOptions): IncomingVisitor {
  const incoming = readIncomingVisitor(location.href, nowMs, options.maxAgeS);
  const { url } = incoming;
  if (incoming.visitorId === undefined) return { accepted: false, reason: incoming.reason, url };
  if (!adoptIncomingVisitor(options.jar, incoming.visitorId, location.href)) return { accepted: false, reason: 'opted-out', url };
  return { accepted: true, visitorId: incoming.visitorId, url };
}

function hostOf(href: string): string | undefined {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}
