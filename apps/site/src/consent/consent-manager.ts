/**
 * The consent manager proper: @iabtcf/* behind @mesura/consent. A chunk of its own, loaded through
 * consent-session.ts only when something needs it: a stored choice to read, the visitor's choice to
 * store, or a vendor's `__tcfapi` call. A new visitor who has not chosen yet never downloads it.
 *
 * 1. Read the stored `euconsent-v2` cookie into the consent state (a refused one is no choice).
 * 2. Install `__tcfapi` (replaying the calls the head snippet's stub kept) and give it the choice in
 *    force, or none with the banner showing.
 * 3. On every change: update `__tcfapi` at once (the SDK stops or starts sending through its
 *    listener, without a reload) and load /mesura.js if web analytics is now allowed.
 */
import { CONSENT_COOKIE_NAME, acceptAll, createConsentState, createVendorList, rejectAll, type Choice, type ConsentState } from '@mesura/consent';
import { installCmpApi, type CmpApiAdapter } from '@mesura/consent/cmp-api';
import { allowsWebAnalytics } from './analytics-allowed';
import type { BannerStore } from './banner-store';
import { choiceFromToggles, type Toggles } from './choice-toggles';
import { consentCookie, readCookie } from './consent-cookie';
import { DEBUG_STORAGE_KEY, LOG_PREFIX } from './constants';
import { debugEnabled } from './debug-mode';

export interface ConsentManager {
  acceptAll(): void;
  rejectAll(): void;
  save(toggles: Toggles): void;
  /** Opens the settings layer with the choice in force; focus goes back to `returnFocusTo` after. */
  openSettings(returnFocusTo?: HTMLElement): void;
  /** The choice in force, for the settings layer's switches. */
  currentChoice(): Choice | undefined;
}

export interface ConsentManagerOptions {
  /** Open the banner's first layer when no valid choice is stored; false when loaded for the visitor's answer. */
  askWhenUnknown: boolean;
}

/** Starts the manager on the banner's `store`. */
export function startConsentManager(store: BannerStore, { askWhenUnknown }: ConsentManagerOptions): ConsentManager {
  const log = debugLog();
  const gvl = createVendorList();
  const state = createConsentState({ gvl, read: readConsentCookie, write: writeConsentCookie, now: Date.now, log });
  const cmp = installCmpApi();
  const asking = state.status() === 'unknown';
  cmp.update(state.tcString(), asking);
  state.subscribe((event) => {
    if (event.type === 'changed') onChoiceChanged(state, cmp, log);
  });
  if (asking && askWhenUnknown) store.send({ type: 'ask' });

  const decide = (choice: Choice): void => {
    state.decide(choice);
    store.send({ type: 'decided' });
  };
  return {
    acceptAll: () => decide(acceptAll(gvl)),
    rejectAll: () => decide(rejectAll()),
    save: (toggles) => decide(choiceFromToggles(toggles, gvl)),
    openSettings: (returnFocusTo) => reopen(store, cmp, state, returnFocusTo),
    currentChoice: () => state.choice(),
  };
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
