/**
 * The consent banner's answers, as the site sends them, the server checks them
 * (consent-choices/consent-choice.ts) and the store counts them (store/consent-choice-table.ts).
 */

/** The banner's three answers, closed. */
export const CONSENT_CHOICES = [
  /** "Accepta-ho tot": every purpose and vendor. */
  'accept-all',
  /** "Rebutja-ho tot": none. */
  'reject-all',
  /** "Desa la configuració": the visitor's own switches in the settings layer. */
  'custom',
] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];
