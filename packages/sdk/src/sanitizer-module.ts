/**
 * `/mesura-sanitize.js`: DOMPurify's sanitiser for the offers' HTML (packages/personalize
 * `dompurify-sanitizer.ts`), published as `window.mesuraSanitizer`. Its own bundle because it is
 * more than half of what the personalisation client would weigh: the client
 * (`/mesura-personalize.js`) adds this script beside its first request and waits for it only to
 * insert an untrusted offer's HTML or attributes.
 */
import { createSanitizer, SANITIZER_GLOBAL, type Sanitizer } from '@mesura/personalize/sanitizer';

declare global {
  interface Window {
    [SANITIZER_GLOBAL]?: Sanitizer;
  }
}

window[SANITIZER_GLOBAL] = createSanitizer(document);
