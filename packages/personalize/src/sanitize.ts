/**
 * Offer HTML into nodes (issue 7 item 6). Offers come from activities editors write in the
 * console, so their HTML goes through DOMPurify: no `<script>`, no `on…=` handler, no
 * `javascript:` URL reaches the page. An activity marked trusted (response token
 * `activity.trusted === true`, set by the decision server) keeps its markup whole, and its
 * scripts run, as the commercial library ran them.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { TRUSTED_TOKEN } from './constants.js';

export interface Sanitizer {
  /** The offer's HTML as nodes of the page's document: sanitised, or with live scripts when trusted. */
  fragment(html: string, trusted: boolean): DocumentFragment;
  /** Whether an offer may set this attribute to this value (setAttribute actions). */
  attributeAllowed(element: Element, name: string, value: string, trusted: boolean): boolean;
}

/** Whether an offer's response tokens mark its activity as trusted. */
export function isTrusted(responseTokens: unknown): boolean {
  return typeof responseTokens === 'object' && responseTokens !== null && (responseTokens as Record<string, unknown>)[TRUSTED_TOKEN] === true;
}

export function createSanitizer(doc: Document): Sanitizer {
  let purify: DOMPurify | undefined;
  // One DOMPurify per page's window, made on first use: tests give each client its own window.
  const instance = () => (purify ??= createDOMPurify(doc.defaultView as unknown as Parameters<typeof createDOMPurify>[0]));
  return {
    fragment: (html, trusted) =>
      trusted ? withLiveScripts(doc, html) : instance().sanitize(html, { RETURN_DOM_FRAGMENT: true, FORCE_BODY: true }),
    attributeAllowed: (element, name, value, trusted) =>
      trusted || instance().isValidAttribute(element.localName, name.toLowerCase(), value),
  };
}

/** Parses trusted HTML; its `<script>`s are made anew, since parsed ones never run. */
function withLiveScripts(doc: Document, html: string): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const fragment = doc.importNode(template.content, true);
  for (const parsed of Array.from(fragment.querySelectorAll('script'))) {
    const live = doc.createElement('script');
    for (const attribute of Array.from(parsed.attributes)) live.setAttribute(attribute.name, attribute.value);
    live.textContent = parsed.textContent;
    parsed.replaceWith(live);
  }
  return fragment;
}
