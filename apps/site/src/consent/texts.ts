/**
 * Every text the consent banner shows, in Catalan. The button texts and the heading are also the
 * accessible names the Chromium e2e tests look for: change them there too. The footer's text is in
 * consent-settings-button.tsx, which is part of the main chunk while this module is not.
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
  save: 'Desa la selecció',
  settingsHeading: 'Trieu què permeteu',
  settingsIntro: 'Activeu només el que vulgueu permetre. Tot el que deixeu desactivat no es farà servir. Premeu la tecla Esc per tornar a la primera pantalla.',
  purposesLegend: 'Finalitats',
  vendorsLegend: 'Proveïdors',
  vendorConsentPurposes: 'Amb el vostre consentiment',
  vendorLegitimateInterestPurposes: 'Per interès legítim (us hi podeu oposar desactivant el proveïdor)',
  /** The visitor's own id and how to exercise the rights of access and erasure. */
  visitorRights: {
    heading: 'Les vostres dades',
    visitorIdLabel: "L'identificador de visitant d'aquest navegador és",
    noVisitorId: 'Aquest navegador no té cap identificador de visitant desat.',
    askBefore: 'Per demanar una còpia de les vostres dades o que les esborrem, ',
    writeTo: 'escriviu a',
    defaultContact: 'adreceu-vos al delegat de protecció de dades de la Corporació',
    askAfter: ' indicant aquest identificador.',
    /** Withdrawing consent erases the id from this browser (the SDK does), and with it the way to quote it. */
    erasedOnWithdrawal: "Si retireu el consentiment, aquest identificador s'esborrarà del navegador: anoteu-lo abans si voleu demanar les dades recollides amb ell.",
  },
} as const;
