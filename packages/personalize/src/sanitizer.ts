/**
 * What the client asks of a sanitiser (issue 7 items 6, 15): offer HTML into nodes, and whether an
 * offer may set an attribute. Two implementations: DOMPurify's (dompurify-sanitizer.ts), shipped
 * as its own bundle `/mesura-sanitize.js` so that the client stays small, and the trusted
 * activities' (trusted-html.ts), which keeps everything.
 */
export interface Sanitizer {
  /** The offer's HTML as nodes of the page's document, with nothing that runs code. */
  fragment(html: string): DocumentFragment;
  /** Whether an offer may set this attribute to this value (setAttribute actions). */
  attributeAllowed(element: Element, name: string, value: string): boolean;
}
