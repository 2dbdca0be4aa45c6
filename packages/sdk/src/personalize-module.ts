/**
 * `/mesura-personalize.js`: the personalisation client, loaded by the head snippet when the stored
 * choice allows the personalisation vendor. It asks for the global mbox at once, with the page's
 * URL, so that the decision server answers the activities of this page while the body is still
 * hidden; the site's rules ask for their mboxes on later single-page-app views
 * (`window.mesuraPersonalize`). Consent: the stored choice the head read, until the consent manager
 * answers through `__tcfapi`; from then on its answer, so that a withdrawal stops requests at once;
 * never while the visitor has opted out. The sanitiser for the offers' HTML is `/mesura-sanitize.js`,
 * which the client fetches beside its first request: its default `sanitizerUrl`, at the site's root
 * where the head snippet loads this script from.
 */
import { PERSONALISATION_VENDOR_ID, PURPOSE_STORE_ACCESS, WEB_ANALYTICS_VENDOR_ID } from '@mesura/consent/head';
import { cookieSaysLoggedIn } from '@mesura/datalayer';
import { cachedDocumentCookieJar, isOptedOut, storedVisitorId } from '@mesura/identity';
import { PERSONALISATION_VENDOR, createPersonalization, forgetVisitorCookies, type Personalization, type VisitorCustomerId } from '@mesura/personalize';
import { PERSONALISATION_CLIENT_CODE, WEB_ANALYTICS_VENDOR } from './constants.js';
import { pageCustomerIds } from './page-customer-ids.js';
import { tcfConsent, type TcfApi } from './tcf-consent.js';

declare global {
  interface Window {
    mesuraPersonalize?: Personalization;
  }
}

function start(): void {
  // The head's reading of the stored choice, by vendor, until the consent manager answers.
  const head = window.mesura as { p?: boolean; a?: boolean } | undefined;
  const stored = (vendor: string) => (vendor === WEB_ANALYTICS_VENDOR ? head?.a : head?.p) === true;
  let answered = false;
  const tcf = tcfConsent({
    tcfapi: (window as { __tcfapi?: TcfApi }).__tcfapi ?? (() => undefined),
    vendorIds: { [WEB_ANALYTICS_VENDOR]: WEB_ANALYTICS_VENDOR_ID, [PERSONALISATION_VENDOR]: PERSONALISATION_VENDOR_ID },
    vendorPurposes: [PURPOSE_STORE_ACCESS],
    // Withdrawn (or never given, whatever the head read): the decision server's ids of this browser
    // go, so that a later consent starts a new profile.
    onSignal: () => void ((answered = true), consent.hasVendorConsent(PERSONALISATION_VENDOR) || forgetVisitorCookies(jar)),
  });
  // One jar for the consent check, the visitor id and the client's own cookies: its reads are kept
  // while one piece of code runs, and its writes are seen by all three.
  const jar = cachedDocumentCookieJar();
  // The visitor's opt-out (§9: 7200 s) withdraws every vendor, here as in /mesura.js.
  const consent = {
    hasVendorConsent: (vendor: string) => !isOptedOut(jar) && (answered ? tcf.hasVendorConsent(vendor) : stored(vendor)),
  };
  // The analytics visitor id joins decisions to the visitor's hits (page-view and event goals). The
  // global request usually goes before /mesura.js has started, so the id is read from the cookie
  // /mesura.js keeps (where cookies cannot be kept, delivery is off anyway); it is the analytics
  // id, so it goes only with web-analytics consent, which a cookie left from before may outlive.
  const visitorId = () => (consent.hasVendorConsent(WEB_ANALYTICS_VENDOR) ? storedVisitorId(jar) : undefined);
  // The customer ids the site declared (§3), waited for up to the visitor-API timeout (2000 ms, §9)
  // when the visitor is logged in and they are not known yet (page-customer-ids.ts).
  const customerIds = pageCustomerIds({ window, storage: () => sessionStorage, loggedIn: () => cookieSaysLoggedIn(jar.get()) });
  window.mesuraPersonalize = createPersonalization(
    { clientCode: PERSONALISATION_CLIENT_CODE },
    // Unchecked entries: the client keeps the well-formed ones.
    { consent, cookies: jar, visitorIds: { visitorId, customerIds: customerIds as () => Promise<Record<string, VisitorCustomerId>> } },
  );
}

start();
