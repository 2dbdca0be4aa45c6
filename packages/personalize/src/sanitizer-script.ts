/**
 * The browser's way to get the sanitiser (the default `loadSanitizer`): a `<script async>` for
 * `/mesura-sanitize.js`, which publishes DOMPurify's sanitiser as `window.mesuraSanitizer`
 * (packages/sdk/src/sanitizer-module.ts). DOMPurify is more than half of what the client would
 * weigh, and only untrusted HTML needs it, so it comes as a second bundle, fetched beside the first
 * request rather than before the client can start.
 */
import { SANITIZER_GLOBAL, SANITIZER_LOAD_TIMEOUT_MS } from './constants.js';
import type { Sanitizer } from './sanitizer.js';

/**
 * What a page's window holds once the sanitiser bundle has run. An element whose id is the global's
 * name is also `window[name]` until the bundle runs: only a sanitiser counts.
 */
function published(doc: Document): Sanitizer | undefined {
  const value = (doc.defaultView as unknown as Record<string, Sanitizer | undefined> | null)?.[SANITIZER_GLOBAL];
  return typeof value?.fragment === 'function' ? value : undefined;
}

/**
 * Resolves with the published sanitiser once the script has run; rejects, with the reason, when it
 * fails to load or publishes nothing (the failed script is removed, so that a retry adds a new one).
 * A page that already holds the sanitiser gets it without a request.
 */
export function loadSanitizerScript(doc: Document, url: string): Promise<Sanitizer> {
  const ready = published(doc);
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    // A load that neither ends nor fails (a stalled connection) counts as failed, so that the
    // next request adds the script anew instead of waiting on it for the rest of the page.
    const stalled = setTimeout(() => fail(`did not load within ${SANITIZER_LOAD_TIMEOUT_MS} ms`), SANITIZER_LOAD_TIMEOUT_MS);
    const fail = (reason: string) => {
      clearTimeout(stalled);
      script.remove();
      reject(new Error(`${url} ${reason}`));
    };
    script.src = url; // async, as every script a script adds
    script.onload = () => {
      const sanitizer = published(doc);
      if (sanitizer) resolve(sanitizer);
      else fail(`did not publish window.${SANITIZER_GLOBAL}`);
      clearTimeout(stalled); // settled either way
    };
    script.onerror = () => fail('did not load');
    (doc.head ?? doc.documentElement).appendChild(script);
  });
}
