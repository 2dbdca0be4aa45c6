/**
 * The page's consent: the banner's store and the manager behind it (consent-manager.ts, with
 * @iabtcf/*), loaded once, only when something needs it. Small and free of React, so main.tsx can
 * start the manager at once for a returning visitor (the SDK sends nothing, page views and media
 * included, before `__tcfapi` has answered with the stored choice) while the banner's chunk
 * (start-consent.ts) comes with the app.
 */
import { CONSENT_COOKIE_NAME } from '@mesura/consent/head';
import { createBannerStore, type BannerStore } from './banner-store';
import type { ConsentManager, ConsentManagerOptions } from './consent-manager';
import { readCookie } from './consent-cookie';

type ManagerModule = { startConsentManager(store: BannerStore, options: ConsentManagerOptions): ConsentManager };

export interface ConsentSession {
  store: BannerStore;
  /** Loads and starts the manager, once; undefined when its chunk failed to load. */
  manager(): Promise<ConsentManager | undefined>;
  /** The manager once started, for what must answer synchronously (the settings layer's switches). */
  started(): ConsentManager | undefined;
  /** The visitor's answer in the banner: it closes at once; the manager stores the choice when it runs. */
  choose(act: (manager: ConsentManager) => void): void;
}

export function createConsentSession(load: () => Promise<ManagerModule>): ConsentSession {
  const store = createBannerStore();
  let choiceMade = false;
  let started: ConsentManager | undefined;
  let loading: Promise<ConsentManager | undefined> | undefined;
  const manager = () =>
    (loading ??= load()
      // A manager loaded for the visitor's answer does not open the banner it has just closed.
      .then(({ startConsentManager }) => (started = startConsentManager(store, { askWhenUnknown: !choiceMade })))
      .catch((error: unknown) => {
        // Without it no choice can be stored, so nothing is measured; the page itself works.
        console.error('Mesura: the consent manager did not start.', error);
        return undefined;
      }));
  return {
    store,
    manager,
    started: () => started,
    choose(act) {
      choiceMade = true;
      store.send({ type: 'decided' });
      void manager().then((loaded) => loaded && act(loaded));
    },
  };
}

/** Whether the page has a stored choice (valid or not: the manager tells). */
export function hasStoredChoice(doc: Pick<Document, 'cookie'>): boolean {
  return readCookie(doc.cookie, CONSENT_COOKIE_NAME) !== undefined;
}

/** The page's session. */
export const consentSession = createConsentSession(() => import('./consent-manager'));
