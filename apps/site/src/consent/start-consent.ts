/**
 * Starts the site's consent manager: the browser adapter around @mesura/consent. Loaded with a
 * dynamic import from main.tsx, so that @iabtcf/* and the banner are a chunk of their own and never
 * delay the first paint; until it runs, the head snippet's `__tcfapi` stub queues vendors' calls.
 *
 * 1. Read the stored `euconsent-v2` cookie into the consent state (a refused one is no choice).
 * 2. Install `__tcfapi` and give it the choice in force, or none with the banner showing.
 * 3. On every change: update `__tcfapi` at once (the SDK stops or starts sending through its
 *    listener, without a reload) and load /mesura.js if web analytics is now allowed.
 * 4. Render the banner, open on the first layer when there is no valid choice.
 */
import {
  CONSENT_COOKIE_NAME,
  acceptAll,
  createConsentState,
  createVendorList,
  rejectAll,
  type Choice,
  type ConsentState,
} from '@mesura/consent';
import { installCmpApi, type CmpApiAdapter } from '@mesura/consent/cmp-api';
import { allowsWebAnalytics } from './analytics-allowed';
import { createBannerStore, type BannerStore } from './banner-store';
import { choiceFromToggles } from './choice-toggles';
import { consentCookie, readCookie } from './consent-cookie';
import { DEBUG_STORAGE_KEY, LOG_PREFIX } from './constants';
import { debugEnabled } from './debug-mode';
import { mountConsentBanner } from './mount-banner';
import { settingsModel } from './settings-model';

export interface ConsentController {
  /**
   * Opens the settings layer with the choice in force (the footer's "Configuració de galetes").
   * Once the visitor has chosen, focus goes back to `returnFocusTo`.
   */
  openSettings(returnFocusTo?: HTMLElement): void;
}

export function startConsent(): ConsentController {
  const log = debugLog();
  const gvl = createVendorList();
  const state = createConsentState({ gvl, read: readConsentCookie, write: writeConsentCookie, now: Date.now, log });
  const cmp = installCmpApi();
  const store = createBannerStore();
  const asking = state.status() === 'unknown';
  cmp.update(state.tcString(), asking);
  state.subscribe((event) => {
    if (event.type === 'changed') onChoiceChanged(state, cmp, log);
  });
  if (asking) store.send({ type: 'ask' });

  const decide = (choice: Choice): void => {
    state.decide(choice);
    store.send({ type: 'decided' });
  };
  mountConsentBanner({
    store,
    model: settingsModel(gvl),
    currentChoice: () => state.choice(),
    actions: {
      acceptAll: () => decide(acceptAll(gvl)),
      rejectAll: () => decide(rejectAll()),
      save: (toggles) => decide(choiceFromToggles(toggles, gvl)),
    },
  });
  return { openSettings: (returnFocusTo) => reopen(store, cmp, state, returnFocusTo) };
}

function onChoiceChanged(state: ConsentState, cmp: CmpApiAdapter, log: (line: string) => void): void {
  // __tcfapi first: a /mesura.js loaded just below must find the new choice, not the old one.
  cmp.update(state.tcString(), false);
  const loadAnalytics = allowsWebAnalytics(state.choice());
  log(`consent: choice stored, status ${state.status()}${loadAnalytics ? ', loading /mesura.js' : ''}`);
  // The snippet's queue loads /mesura.js once; the SDK that replaces it has no load(), and needs none.
  if (loadAnalytics) window.mesura?.load?.();
}

function reopen(store: BannerStore, cmp: CmpApiAdapter, state: ConsentState, returnFocusTo?: HTMLElement): void {
  // TCF: vendors hear `cmpuishown` when the UI is shown again. The SDK keeps the choice in force
  // until the visitor's next one (`useractioncomplete`).
  if (store.snapshot().layer === 'closed') cmp.update(state.tcString(), true);
  store.send({ type: 'reopen' }, returnFocusTo);
}

function readConsentCookie(): string | undefined {
  return readCookie(document.cookie, CONSENT_COOKIE_NAME);
}

function writeConsentCookie(tcString: string): void {
  document.cookie = consentCookie(tcString, { secure: window.location.protocol === 'https:' });
}

/** The state's log: silent unless debug mode is on for the page, as packages/tags' logger is. */
function debugLog(): (line: string) => void {
  const on = debugEnabled({ search: window.location.search, storedFlag: readStoredFlag() });
  return on ? (line) => console.info(`${LOG_PREFIX} ${line}`) : () => {};
}

function readStoredFlag(): string | null {
  try {
    return window.localStorage.getItem(DEBUG_STORAGE_KEY);
  } catch {
    // Storage disabled by the browser or its settings: debug mode can still be turned on by URL.
    return null;
  }
}
