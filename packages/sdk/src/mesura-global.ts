import type { Analytics } from '@mesura/analytics';
import type { CustomerId, CustomerIdInput, CustomerIdRefusal, Identity } from '@mesura/identity';
import type { SnippetQueue } from './command-queue.js';
import type { MesuraConfig } from './start.js';

/**
 * `window.mesura` once the SDK runs: the tracker exposed globally (§9 "Site analytics"), for the
 * page and for the modules the SDK loads.
 */
export interface MesuraGlobal {
  /** A direct call (§7), e.g. `mesura.track('scCompartir', { linkText: 'Comparteix' })`. */
  track(name: string, detail?: Record<string, unknown>): void;
  /**
   * Declares the logged-in visitor's customer ids (§3), e.g. at login
   * `setCustomerIds({ idUsuari: { id: 'u-42', authState: 1 } })` and at logout the same with
   * `authState: 2`. They go with the personalisation requests (`vst.{code}.id`, `.authState`) and
   * the media `start` heartbeats (`s:cuser:…`), never with page-view or link beacons, and are kept
   * for the tab (session storage) while web analytics is allowed. An entry without a non-empty
   * integration code and id is refused with a warning (§5) and returned.
   */
  setCustomerIds(ids: Readonly<Record<string, CustomerIdInput>>): CustomerIdRefusal[];
  /** The customer ids declared so far, by integration code. */
  customerIds(): Readonly<Record<string, CustomerId>>;
  /** May the SDK send and write cookies now (web-analytics consent, no opt-out)? For the modules it loads. */
  allowed(): boolean;
  /** The web-analytics account, behind the consent gate. */
  analytics: Analytics;
  /** The visitor: `optOut()`, `setCustomerIds(...)`, `visitorId()`… */
  identity: Identity;
  config: MesuraConfig;
}

declare global {
  interface Window {
    /** The snippet's queue until the SDK arrives; then the SDK itself. */
    mesura?: SnippetQueue | MesuraGlobal;
    mesuraConfig?: MesuraConfig;
    mesuraData?: unknown;
  }
}
