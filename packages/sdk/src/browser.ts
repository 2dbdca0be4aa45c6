/**
 * The bundle's entry point. It starts measuring once the visitor's consent is known (§4
 * "Reporting starts only when the measurement library is ready and begin-reporting was
 * signalled"): until the CMP answers, the snippet's queue (`window.mesura.q`) keeps collecting.
 * Then it replaces the queue with the real `window.mesura` and replays the calls made before,
 * each on the page it was made on (its data layer and address, queued-page.ts).
 */
import { AUTOMATIC_HIT_PURPOSES, PURPOSE_STORE_ACCESS, VENDOR_IDS } from '@mesura/consent/head';
import { createTransport } from '@mesura/analytics';
import type { TcfSignal } from '@mesura/protocol';
import { replayQueue, type SnippetQueue } from './command-queue.js';
import { layerOfPath, tagAssetsPath } from '@mesura/site-property';
import { ACTIVITY_MAP_FILE, AUDIENCE_FILE, CUSTOMER_IDS_EVENT, ID_SYNC_FILE, MEDIA_FILE } from './constants.js';
import type { MesuraGlobal } from './mesura-global.js';
import {
  adoptIncomingVisitor,
  browserSessionStorage,
  createCustomerIdStore,
  documentCookieJar,
  forgetCollectorIdentity,
  forgetStoredCustomerIds,
  type CustomerIdStore,
  type Identity,
} from '@mesura/identity';
import { lookUpCollectorVisitor, scheduleIdSync } from './cross-domain-visitor.js';
import { withPendingLinkClick } from './pending-link-click.js';
import { isPreviewAddress } from './preview-mode.js';
import { startMesura, type Mesura } from './start.js';
import { tcfConsent, tcfSignal, type TcfApi } from './tcf-consent.js';

function start(): void {
  const config = typeof window.mesuraConfig === 'object' && window.mesuraConfig ? window.mesuraConfig : {};
  // The modules are served beside this bundle, wherever the page loaded it from; loaded at a tag
  // library address (`/tags/{account}/{layer}/mesura.js`, §7), the layer chooses the property.
  const script = document.currentScript as HTMLScriptElement | null;
  const address = new URL(script?.src || location.href);
  const besideThis = (file: string) => new URL(file, address).href;
  let mesura: Mesura | undefined;
  // The CMP's latest choice, as every hit carries it to the collector.
  let signal: TcfSignal | undefined;
  // Whether measurement was allowed until the CMP's latest answer: a withdrawal is the step to no.
  let measured = false;
  const jar = documentCookieJar();
  const collectorOrigin = new URL(config.collector || location.origin).origin;
  // Beacons a previous page queued wait until this page knows the visitor still consents, and is no preview.
  const transport = createTransport({ confirmWhileVisible: true, allowed: () => mesura?.measuring() === true });
  const preview = isPreviewAddress(location.search);
  /**
   * Consent withdrawn or opted out (§4): what waits in the queue is dropped and nothing is sent
   * afterwards, and what identifies the visitor in this browser goes, so that a later consent starts
   * with a new id: the visitor id, the customer ids and, asked once when measurement stops, the
   * collector's own cookie (which `GET /id` would otherwise hand back on a sister domain).
   */
  const withdraw = (identity: Identity, atCollector: boolean) => {
    transport.discard();
    forgetStoredCustomerIds(browserSessionStorage());
    identity.forget();
    if (atCollector) forgetCollectorIdentity(collectorOrigin);
  };
  const begin = (): Mesura => {
    const started = startMesura({
      config,
      consent,
      consentSignal: () => signal,
      transport,
      preview,
      layer: layerOfPath(address.pathname),
      activityMapScriptUrl: besideThis(ACTIVITY_MAP_FILE),
      mediaScriptUrl: besideThis(MEDIA_FILE),
      audienceScriptUrl: besideThis(AUDIENCE_FILE),
      assetsUrl: besideThis(tagAssetsPath()),
    });
    const queue = window.mesura as SnippetQueue | undefined;
    // The id a sister domain sent (the head read it): written only with consent.
    if (queue?.v && started.allowed()) adoptIncomingVisitor(jar, queue.v, location.href);
    const { identity } = started;
    // An opt-out withdraws as a consent withdrawal does (§4), whatever the consent was.
    const optOut = () => (identity.optOut(), withdraw(identity, true), (measured = false));
    const { setCustomerIds, customerIds } = pageCustomerIdStore(started.allowed);
    // runtime.track reads no `this`: the page may call it detached.
    const global: MesuraGlobal = { track: started.runtime.track, setCustomerIds, customerIds, allowed: started.allowed, analytics: started.analytics, identity: { ...identity, optOut }, config };
    const open = () => {
      window.mesura = global;
      started.runtime.start();
      // A tracked link the previous page followed before its app goes first (pending-link-click.ts).
      replayQueue(withPendingLinkClick(queue, started.allowed()), global, started.show);
    };
    // The visitor across the broadcaster's domains (§7): a visitor new here may be known to the collector.
    const lookup = lookUpCollectorVisitor({ collectorOrigin, pageOrigin: location.origin, jar, allowed: started.measuring, secure: location.protocol === 'https:' });
    if (lookup) void lookup.then(open);
    else open();
    scheduleIdSync({ jar, allowed: started.measuring, load: () => void document.head.appendChild(Object.assign(document.createElement('script'), { src: besideThis(ID_SYNC_FILE) })) });
    return started;
  };
  const consent = tcfConsent({
    tcfapi: (window as { __tcfapi?: TcfApi }).__tcfapi ?? (() => undefined),
    vendorIds: VENDOR_IDS,
    vendorPurposes: [PURPOSE_STORE_ACCESS],
    automaticHitPurposes: AUTOMATIC_HIT_PURPOSES,
    onSignal(kind, data) {
      signal = tcfSignal(data);
      if (!mesura) mesura = begin();
      const allowed = mesura.allowed();
      // Not allowed: withdrawn now, or a cookie left from before (erased again, harmlessly).
      if (allowed) void transport.flush();
      else withdraw(mesura.identity, measured);
      measured = allowed;
      window.dispatchEvent(new CustomEvent(`mesura:consent-${kind}`));
    },
  });
}

/**
 * The page's customer ids (§3): kept for the tab while web analytics is allowed, and announced to
 * the bundles waiting for them (`mesura:customer-ids`, page-customer-ids.ts).
 */
function pageCustomerIdStore(mayStore: () => boolean): Pick<CustomerIdStore, 'setCustomerIds' | 'customerIds'> {
  const store = createCustomerIdStore({ storage: browserSessionStorage(), mayStore });
  return {
    setCustomerIds(ids) {
      const refused = store.setCustomerIds(ids);
      window.dispatchEvent(new CustomEvent(CUSTOMER_IDS_EVENT));
      return refused;
    },
    customerIds: store.customerIds,
  };
}

start();
