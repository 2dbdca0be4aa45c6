import { decorateLink, isSisterLink } from './cross-domain-link.js';
import type { IdentityState } from './identity.js';

export interface SisterLinkOptions {
  identity: IdentityState;
  /** As in `decorateLink`. */
  sisterDomains: readonly string[];
  /** Defaults to `Date.now`. */
  now?: () => number;
  /** Where clicks are heard. Defaults to `document`. */
  root?: Document;
  /**
   * Whether consent allows the id to leave the page now, asked at each click. Defaults to always.
   * The listeners outlive a withdrawal: without it, the first click after one would carry an id.
   */
  allowed?: () => boolean;
}

/**
 * mousedown also covers the middle and right buttons (open in a new tab), which fire no click;
 * click covers the keyboard, touch and scripted clicks. Both run before the browser navigates.
 */
const EVENTS = ['mousedown', 'click'] as const;

/**
 * The browser adapter of `decorateLink`: rewrites a link to a sister domain as the visitor
 * activates it, so the id's timestamp is the click's. Nothing while opted out or not `allowed`.
 * Returns the remover.
 */
export function decorateSisterLinks(options: SisterLinkOptions): () => void {
  const root = options.root ?? document;
  const now = options.now ?? Date.now;
  const onActivate = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    // An SVG <a> has no string href: it is left alone.
    if (!link || typeof link.href !== 'string') return;
    const where = { sisterDomains: options.sisterDomains, pageHost: root.location?.hostname };
    // Checked before asking for the id, which may write the cookie.
    if (!isSisterLink(link.href, where) || options.identity.isOptedOut() || options.allowed?.() === false) return;
    link.href = decorateLink(link.href, { ...where, visitorId: options.identity.visitorId(), nowMs: now() });
  };
  for (const type of EVENTS) root.addEventListener(type, onActivate, true);
  return () => {
    for (const type of EVENTS) root.removeEventListener(type, onActivate, true);
  };
}
