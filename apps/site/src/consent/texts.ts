/**
 * The texts of the consent banner's first layer, in Catalan. The button texts and the heading are also the
 * accessible names the Chromium e2e tests look for: change them there too. The footer's text is in
 * consent-settings-button.tsx, which is part of the main chunk while this module is not. The first
 * layer's only: the settings' and the visitor's rights' are in settings-texts.ts, in the chunk that
 * opens the settings, so that a new visitor's first page does not download them.
 */
export const CONSENT_TEXTS = {
  /** The dialog's heading, and so its accessible name. */
  heading: 'La vostra privacitat',
  intro:
    "Fem servir galetes i tecnologies semblants per mesurar l'audiència, entendre com es fa servir el web i " +
    'personalitzar-ne el contingut. Amb el vostre permís, nosaltres i els nostres proveïdors desem informació al ' +
    'vostre dispositiu i hi accedim. No mesurem res fins que trieu.',
  changeLater: 'Podeu canviar la vostra decisió quan vulgueu des de «Configuració de galetes», al peu de la pàgina.',
  acceptAll: 'Accepta-ho tot',
  rejectAll: 'Rebutja-ho tot',
  configure: 'Configura',
} as const;
