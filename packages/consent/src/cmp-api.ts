/**
 * The page's `__tcfapi`, answered by @iabtcf/cmpapi from the TC string in force. A thin adapter:
 * the library replaces any `__tcfapi` stub on `window` (replaying its queued calls) and keeps its
 * state in one module-level model, so install it once per page. A separate entry point
 * (`@mesura/consent/cmp-api`), since the library weighs about 11 KB gzip.
 */
import { CmpApi } from '@iabtcf/cmpapi';
import { DEFAULT_CONSENT_CONFIG, type ConsentConfig } from './consent-config.js';

export interface CmpApiAdapter {
  /**
   * Surfaces the choice in force to vendors' `getTCData` / `addEventListener` calls. `undefined`
   * means no choice yet: GDPR still applies, so the library gets `''` (gdprApplies true, empty
   * consents). `uiVisible` says whether the banner is showing with this update (eventStatus
   * `cmpuishown`); after the visitor's choice, pass false (`useractioncomplete`).
   */
  update(tcString: string | undefined, uiVisible: boolean): void;
  /** The visitor is outside the GDPR's scope: the library gets `null` (gdprApplies false). */
  gdprDoesNotApply(): void;
}

/** Installs `window.__tcfapi` as a service-specific CMP. Default config DEFAULT_CONSENT_CONFIG. */
export function installCmpApi(config: Pick<ConsentConfig, 'cmpId' | 'cmpVersion'> = DEFAULT_CONSENT_CONFIG): CmpApiAdapter {
  // Service-specific: our TC strings hold this site's vendor list and choices only.
  const api = new CmpApi(config.cmpId, config.cmpVersion, true);
  return {
    update: (tcString, uiVisible) => api.update(tcString ?? '', uiVisible),
    gdprDoesNotApply: () => api.update(null),
  };
}
