import type { ConsentSource } from '@mesura/tags';

/**
 * The one place that decides what the visitor allowed. The consent issue replaces it with the TCF
 * signal (vendor consents, automatic hits); until then every vendor is allowed.
 */
export const ALLOW_ALL: ConsentSource = {
  hasVendorConsent: () => true,
  automaticHitsDisabled: () => false,
};
