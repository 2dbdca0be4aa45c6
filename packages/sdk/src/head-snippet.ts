/**
 * The code every page runs in its <head> before anything else (inlined by the server): the
 * `window.mesura` queue for calls made before the SDK, the `__tcfapi` stub, and the check of the
 * stored consent. `/mesura.js` is loaded only when the stored choice gives the web-analytics vendor
 * consent and storage on the device (purpose 1), from the tag library's address the server gives
 * (`mesuraConfig.tagLibrary`): without that consent no tracker is even loaded (§5 "Tracker
 * loading is refused without tracking-cookie consent"). A choice made later loads it through
 * `mesura.load()`. A visitor id arriving from a sister domain (`mesura_vid`, §9 incoming
 * cross-domain linking) is taken off the address at once, so that a copied address never carries
 * it, and kept for the SDK to adopt once consent allows. The only cookies written here are the
 * expired ones that erase a vendor's identifiers once the stored choice refuses that vendor.
 */
import { CONSENT_COOKIE_NAME, PURPOSE_STORE_ACCESS, VENDOR_IDS, VENDOR_LIST_VERSION, peekStoredChoice } from '@mesura/consent/head';
import { readCookie } from '@mesura/datalayer';
import { ID_SYNC_COOKIE_NAME, VISITOR_COOKIE_NAME, readIncomingVisitor } from '@mesura/identity';
import { BODY_HIDDEN_TIMEOUT_MS, BODY_HIDING_CSS, DEVICE_COOKIE_NAME, EDGE_HOST_COOKIE_NAME, HIDING_STYLE_ID, SESSION_COOKIE_NAME } from '@mesura/personalize';
import type { QueuedCall, SnippetQueue } from './command-queue.js';
import { CUSTOMER_IDS_EVENT, PERSONALIZE_FILE, SDK_FILE } from './constants.js';
import { installTcfStub } from './tcf-stub.js';

interface HeadQueue extends SnippetQueue {
  /** The stored choice allows personalisation: the client may ask before the CMP has answered. */
  p?: boolean;
  /** The stored choice allows web analytics: the client may send the analytics visitor id before the CMP has answered. */
  a?: boolean;
  track(...args: unknown[]): void;
  /** Queues a customer-id declaration (§3) for the SDK, and keeps it in `c` for the personalisation client. */
  setCustomerIds(ids: Record<string, unknown>): void;
  /** Loads `/mesura.js` once; called when the visitor's choice allows web analytics. */
  load(): void;
}

function start(): void {
  const page = window as unknown as { mesura?: HeadQueue; mesuraData?: unknown; __tcfapi?: unknown; mesuraConfig?: { tagLibrary?: string } };
  let loaded = false;
  // Each call with the page it is made on, its data layer and address (queued-page.ts).
  const note = (call: QueuedCall) => {
    queue.q?.push(call);
    queue.s?.push({ data: page.mesuraData, href: location.href });
  };
  const queue: HeadQueue = {
    q: [],
    s: [],
    track(...args) {
      note(['track', ...args]);
    },
    setCustomerIds(ids) {
      note(['setCustomerIds', ids]);
      queue.c = { ...queue.c, ...ids };
      dispatchEvent(new CustomEvent(CUSTOMER_IDS_EVENT));
    },
    load() {
      if (loaded) return;
      loaded = true;
      // The tag library by account id and layer name (§7 "Script loads"), as the server configures it.
      loadScript(page.mesuraConfig?.tagLibrary || `/${SDK_FILE}`);
    },
  };
  page.mesura = page.mesura ?? queue;
  installTcfStub(page);
  const incoming = readIncomingVisitor(location.href, Date.now());
  if (incoming.url !== location.href) history.replaceState(history.state, '', incoming.url);
  page.mesura.v = incoming.visitorId;
  const stored = peekStoredChoice(readCookie(document.cookie, CONSENT_COOKIE_NAME), {
    gvl: { vendorListVersion: VENDOR_LIST_VERSION },
    now: Date.now(),
  });
  const allows = (vendor: number) => stored.ok && stored.purposes.includes(PURPOSE_STORE_ACCESS) && stored.vendors.includes(vendor);
  // The bundles erase a vendor's identifiers when the visitor withdraws (packages/sdk/src/browser.ts,
  // personalize-module.ts), but only where they run: not after a withdrawal in another tab, before
  // the erasure existed, or on a page without the personalisation client. A stored choice refusing
  // the vendor erases them here, on every page, before anything could read them.
  if (stored.ok) {
    if (!allows(VENDOR_IDS['web-analytics'])) erase(VISITOR_COOKIE_NAME, ID_SYNC_COOKIE_NAME);
    if (!allows(VENDOR_IDS.personalisation)) erase(SESSION_COOKIE_NAME, DEVICE_COOKIE_NAME, EDGE_HOST_COOKIE_NAME);
  }
  const hiding = allows(VENDOR_IDS.personalisation) ? hideForOffers(page.mesura) : undefined;
  if (allows(VENDOR_IDS['web-analytics'])) {
    page.mesura.a = true;
    // While the page is hidden for an offer, /mesura.js would only compete with the personalisation
    // client for the main thread (on a cold cache, tens of ms); the site sends its page view once
    // shown anyway.
    if (hiding) afterRemoval(hiding, () => queue.load());
    else queue.load();
  }
}

/** Calls `then` once `element`, a child of head, has been taken out. */
function afterRemoval(element: Element, then: () => void): void {
  new MutationObserver((_records, observer) => {
    if (element.isConnected) return;
    observer.disconnect();
    then();
  }).observe(document.head, { childList: true });
}

/**
 * The page stays hidden from its first paint until the offers render (§9: at most 3000 ms), so that
 * default content is never seen and then replaced; the client removes the style, and this timer
 * does if the client never comes, at once if its script fails to load. Returns the style.
 */
function hideForOffers(queue: HeadQueue): HTMLStyleElement {
  const style = document.createElement('style');
  style.id = HIDING_STYLE_ID;
  style.textContent = BODY_HIDING_CSS;
  document.head.appendChild(style);
  setTimeout(() => style.remove(), BODY_HIDDEN_TIMEOUT_MS);
  queue.p = true;
  // A client that cannot come (blocked, offline) renders nothing: the page is shown at once.
  loadScript(`/${PERSONALIZE_FILE}`).onerror = () => style.remove();
  return style;
}

/**
 * Expires first-party cookies: the same name and path as the identity and personalisation packages
 * write them (Path=/, no Domain), which is what replaces a cookie. Written here rather than through
 * their jars, which would cost the head's byte budget more.
 */
function erase(...names: string[]): void {
  for (const name of names) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

function loadScript(src: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  return document.head.appendChild(script);
}

start();
