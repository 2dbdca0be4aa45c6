/**
 * Starts the site's consent banner, loaded with a dynamic import from app.tsx so that it never
 * delays the first paint. The banner itself is small; the manager behind it (consent-manager.ts,
 * with @iabtcf/*) is loaded only when something needs it:
 * - a stored `euconsent-v2` cookie: at once, to read it (and ask again if it is no longer valid);
 * - the visitor's choice: the button's click loads it, then stores the choice;
 * - a vendor's `__tcfapi` call: the head snippet's stub keeps the call and the manager answers it.
 * So a new visitor downloads no TCF library before choosing, and nothing is measured meanwhile.
 */
import { CONSENT_COOKIE_NAME } from '@mesura/consent/head';
import shippedVendorList from '@mesura/consent/vendor-list.json';
import { createBannerStore } from './banner-store';
import type { ConsentManager } from './consent-manager';
import { readCookie } from './consent-cookie';
import { mountConsentBanner } from './mount-banner';
import { settingsModel } from './settings-model';

export interface ConsentController {
  /**
   * Opens the settings layer with the choice in force (the footer's "Configuració de galetes").
   * Once the visitor has chosen, focus goes back to `returnFocusTo`.
   */
  openSettings(returnFocusTo?: HTMLElement): void;
}

type TcfApi = (...args: unknown[]) => unknown;
type ManagerModule = Pick<typeof import('./consent-manager'), 'startConsentManager'>;

/** `loadManager` defaults to the dynamic import of consent-manager.ts; tests pass the module itself. */
export function startConsent(loadManager: () => Promise<ManagerModule> = () => import('./consent-manager')): ConsentController {
  const store = createBannerStore();
  let started: ConsentManager | undefined;
  let loading: Promise<ConsentManager | undefined> | undefined;
  const manager = (): Promise<ConsentManager | undefined> =>
    (loading ??= loadManager()
      .then(({ startConsentManager }) => (started = startConsentManager(store)))
      .catch((error: unknown) => {
        // Without it no choice can be stored, so nothing is measured; the page itself works.
        console.error('Mesura: the consent manager did not start.', error);
        return undefined;
      }));
  const withManager = (act: (loaded: ConsentManager) => void) => () => void manager().then((loaded) => loaded && act(loaded));

  if (readCookie(document.cookie, CONSENT_COOKIE_NAME) !== undefined) void manager();
  else {
    store.send({ type: 'ask' });
    loadOnFirstTcfCall(() => void manager());
  }
  mountConsentBanner({
    store,
    model: settingsModel(shippedVendorList),
    currentChoice: () => started?.currentChoice(),
    actions: {
      acceptAll: withManager((loaded) => loaded.acceptAll()),
      rejectAll: withManager((loaded) => loaded.rejectAll()),
      save: (toggles) => withManager((loaded) => loaded.save(toggles))(),
    },
  });
  return { openSettings: (returnFocusTo) => withManager((loaded) => loaded.openSettings(returnFocusTo))() };
}

/**
 * Wraps the head snippet's `__tcfapi` stub so that a vendor's first call loads the manager, whose
 * @iabtcf/cmpapi then replaces the stub and answers the calls it kept. The stub's `ping` still
 * answers at once, without loading anything.
 */
function loadOnFirstTcfCall(load: () => void): void {
  const page = window as unknown as { __tcfapi?: TcfApi };
  const stub = page.__tcfapi;
  if (typeof stub !== 'function') return load();
  page.__tcfapi = (...args: unknown[]) => {
    const answer = stub(...args);
    if (args.length > 0 && args[0] !== 'ping') load();
    return answer;
  };
}
