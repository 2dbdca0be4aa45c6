/**
 * The offers' sanitiser, DOMPurify's: no `<script>`, no `on…=` handler, no
 * `javascript:` URL reaches the page. Offers come from activities editors write in the console, so
 * their HTML is untrusted. Not imported by the client: `/mesura-sanitize.js`
 * (packages/sdk/src/sanitizer-module.ts) publishes it as `window.mesuraSanitizer`, and the client
 * loads that bundle beside its first request (sanitizer-script.ts). Its own entry point
 * (`@mesura/personalize/sanitizer`) keeps DOMPurify out of every bundle that imports the client.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import type { Sanitizer } from './sanitizer.js';
import { withLiveScripts } from './trusted-html.js';

export type { Sanitizer } from './sanitizer.js';
export { SANITIZER_GLOBAL } from './constants.js';

/**
 * Beyond DOMPurify's defaults, what an offer must never bring even if the server's allow-list
 * (server/src/decide/offer-html-policy.ts) were bypassed: anything that takes a visitor's input
 * (a password form) or loads and frames other documents.
 */
const FORBID_TAGS = ['form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'];

export function createSanitizer(doc: Document): Sanitizer {
  let purify: DOMPurify | undefined;
  // One DOMPurify per page's window, made on first use: tests give each client its own window.
  const instance = () => (purify ??= createDOMPurify(doc.defaultView as unknown as Parameters<typeof createDOMPurify>[0]));
  return {
    fragment: (html, trusted) => (trusted ? withLiveScripts(doc, html) : instance().sanitize(html, { RETURN_DOM_FRAGMENT: true, FORCE_BODY: true, FORBID_TAGS })),
    attributeAllowed: (element, name, value, trusted) => trusted || instance().isValidAttribute(element.localName, name.toLowerCase(), value),
  };
}
