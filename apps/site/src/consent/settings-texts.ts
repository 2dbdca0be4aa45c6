/**
 * The consent settings' texts and the visitor's rights', in Catalan: in the settings' chunk, not the
 * first layer's (texts.ts). The button texts and headings are also the accessible names the
 * Chromium e2e tests look for: change them there too.
 */
export const SETTINGS_TEXTS = {
  save: 'Desa la selecció',
  settingsHeading: 'Trieu què permeteu',
  settingsIntro: 'Activeu només el que vulgueu permetre. Tot el que deixeu desactivat no es farà servir. Premeu la tecla Esc per tornar a la primera pantalla.',
  purposesLegend: 'Finalitats',
  vendorsLegend: 'Proveïdors',
  vendorConsentPurposes: 'Amb el vostre consentiment',
  vendorLegitimateInterestPurposes: 'Per interès legítim (us hi podeu oposar desactivant el proveïdor)',
} as const;

/** The visitor's own id and how to exercise the rights of access and erasure. */
export const VISITOR_RIGHTS_TEXTS = {
  heading: 'Les vostres dades',
  visitorIdLabel: "L'identificador de visitant d'aquest navegador és",
  noVisitorId: 'Aquest navegador no té cap identificador de visitant desat.',
  askBefore: 'Per demanar una còpia de les vostres dades o que les esborrem, ',
  writeTo: 'escriviu a',
  defaultContact: 'adreceu-vos al delegat de protecció de dades de la Corporació',
  askAfter: ' indicant aquest identificador.',
  /** Withdrawing consent erases the id from this browser (the SDK does), and with it the way to quote it. */
  erasedOnWithdrawal: "Si retireu el consentiment, aquest identificador s'esborrarà del navegador: anoteu-lo abans si voleu demanar les dades recollides amb ell.",
} as const;
