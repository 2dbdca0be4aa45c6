import { browserStorage, screenReaderPreference } from '../accessibility/preferences';
import { signedInVisitorId } from '../account/visitor-session';
import { PAGE_VIEW_CALL } from './constants';
import type { DataLayer } from './data-layer-types';
import type { BrowserFacts } from './page-data';

/** The only place the site reads browser state for measurement. */
export function readBrowserFacts(): BrowserFacts {
  return {
    href: window.location.href,
    search: window.location.search,
    viewportWidth: window.innerWidth,
    viewportHeight: window.innerHeight,
    visitorId: signedInVisitorId(document.cookie),
    screenReader: screenReaderPreference(browserStorage()),
  };
}

/**
 * Writes the data layer, then sends the page view: the SDK reads `window.mesuraData` when it handles
 * `scPageView`, so the order matters. Before /mesura.js has loaded the call lands in the snippet's
 * queue with the data layer and address of that moment (packages/sdk head-snippet.ts), and the SDK
 * replays it on that page (queued-page.ts): the snippet keeps the object, not a copy, which is why
 * the layer is written whole per page view and never patched.
 */
export function publishPageView(dataLayer: DataLayer): void {
  window.mesuraData = dataLayer;
  const mesura = window.mesura;
  if (mesura === undefined) {
    // Only without the index.html snippet (e.g. a test page); the site still works, untracked.
    if (import.meta.env.DEV) console.warn('window.mesura is missing: keep the Mesura snippet first in index.html <head>.');
    return;
  }
  mesura.track(PAGE_VIEW_CALL);
}
