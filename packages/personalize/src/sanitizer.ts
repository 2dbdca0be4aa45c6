/**
 * What the client asks of a sanitiser (README "Loading the sanitiser"): offer HTML into nodes, and whether an
 * offer may set an attribute; `trusted` for the offers of activities an administrator marked
 * trusted (trusted-html.ts), which are kept whole, scripts live. One implementation,
 * dompurify-sanitizer.ts, shipped as its own bundle `/mesura-sanitize.js` so that the client stays
 * small: trusted offers, rare, wait for it too.
 */
export interface Sanitizer {
  /** The offer's HTML as nodes of the page's document: with nothing that runs code unless trusted. */
  fragment(html: string, trusted: boolean): DocumentFragment;
  /** Whether an offer may set this attribute to this value (setAttribute actions); any when trusted. */
  attributeAllowed(element: Element, name: string, value: string, trusted: boolean): boolean;
}
