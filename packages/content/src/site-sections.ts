/**
 * The site's top-level sections as its pages report them (the data layer's `seccio`), with the
 * Catalan name a person reads. The news sections, programmes, channels and stations are their
 * subsections (`subseccio`), named by the content set itself.
 */
export const SITE_SECTION_NAMES: Readonly<Record<string, string>> = {
  portada: 'Portada',
  noticies: 'Notícies',
  programes: 'Programes',
  videos: 'Vídeos',
  directes: 'Directes de televisió',
  tv: 'Televisió',
  radio: 'Ràdio',
  'el-temps': 'El temps',
  cercador: 'Cercador',
  joc: 'El joc del dia',
  usuari: 'Compte del visitant',
  butlleti: 'Butlletí',
  accessibilitat: 'Accessibilitat',
  autors: 'Autors',
  temes: 'Temes',
};
