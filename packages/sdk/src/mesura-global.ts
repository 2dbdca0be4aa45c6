import type { Analytics } from '@mesura/analytics';
import type { Identity } from '@mesura/identity';
import type { SnippetQueue } from './command-queue.js';
import type { MesuraConfig } from './start.js';

/**
 * `window.mesura` once the SDK runs: the tracker exposed globally (§9 "Site analytics"), for the
 * page and for the modules the SDK loads.
 */
export interface MesuraGlobal {
  /** A direct call (§7), e.g. `mesura.track('scCompartir', { linkText: 'Comparteix' })`. */
  track(name: string, detail?: Record<string, unknown>): void;
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
