/**
 * Trusted activities: when an offer's response tokens hold
 * `activity.trusted === true` (set by the decision server for activities an administrator marked
 * trusted), its markup is kept whole and its scripts run, as the commercial library ran them. The
 * client reads the token (isTrusted); the markup is parsed in the sanitiser bundle
 * (dompurify-sanitizer.ts), which keeps the client small.
 */
import { TRUSTED_TOKEN } from './constants.js';

/** Whether an offer's response tokens mark its activity as trusted. */
export function isTrusted(responseTokens: unknown): boolean {
  return typeof responseTokens === 'object' && responseTokens !== null && (responseTokens as Record<string, unknown>)[TRUSTED_TOKEN] === true;
}

/**
 * Parses trusted HTML; its `<script>`s are made anew, since parsed ones never run. Each gets the
 * nonce of the page's own inline script, which the page's Content-Security-Policy allows
 * (server/src/http/content-security-policy.ts); the browser hides the nonce from attributes, so it
 * is read from the element's property.
 */
export function withLiveScripts(doc: Document, html: string): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const fragment = doc.importNode(template.content, true);
  const nonce = doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  // A static list: replacing its scripts while going through it is safe.
  for (const parsed of fragment.querySelectorAll('script')) {
    const live = doc.createElement('script');
    for (const attribute of parsed.attributes) live.setAttribute(attribute.name, attribute.value);
    if (nonce) live.nonce = nonce;
    live.textContent = parsed.textContent;
    parsed.replaceWith(live);
  }
  return fragment;
}
