/**
 * Spec §5 "Defaults" as one table per group: the value tracked when a field is missing.
 * Section, subsection (every level), programme and user id take "No informat"; the page name takes
 * "noDisponible"; every other field takes "No Informat". Typed as full records, so adding a field
 * to a group without choosing its default does not compile.
 */
import { NOT_INFORMED, NOT_INFORMED_OTHER, PAGE_NAME_DEFAULT } from './constants.js';
import type { PageField } from './page-data.js';
import type { UserField } from './user-data.js';
import type { VideoField } from './video-data.js';

const SECTION = NOT_INFORMED;
const PROGRAMME = NOT_INFORMED;
const USER_ID = NOT_INFORMED;
const OTHER = NOT_INFORMED_OTHER;

export const PAGE_DEFAULTS: Readonly<Record<PageField, string>> = {
  seccio: SECTION,
  subseccio: SECTION,
  subseccioNivell1: SECTION,
  subseccioNivell2: SECTION,
  portal: OTHER,
  web: OTHER,
  canal: OTHER,
  programaWeb: PROGRAMME,
  nomPrograma: PROGRAMME,
  idDeliverty: OTHER,
  pageName: PAGE_NAME_DEFAULT,
  actualPageName: OTHER,
  pageType: OTHER,
  status: OTHER,
  idioma: OTHER,
  url: OTHER,
  viewport: OTHER,
  queryString: OTHER,
  titolContingut: OTHER,
  autor: OTHER,
  areaTematica: OTHER,
  tematica: OTHER,
  temes: OTHER,
  categoriaAgrupadora: OTHER,
  productorContingut: OTHER,
  dataPublicacio: OTHER,
  dataEmissio: OTHER,
  tipusEmisio: OTHER,
  formatContingut: OTHER,
  tipusContingut: OTHER,
  contingutMultimedia: OTHER,
  itemsRelacionats: OTHER,
  screenReader: OTHER,
  paraulesCerca: OTHER,
  resultatsCerca: OTHER,
  campanyesInternes: OTHER,
  origenClic: OTHER,
  clickIdentifier: OTHER,
  xarxaAccioContingut: OTHER,
};

/** The video group's broadband section and subsection and its programme code are sections and a programme too. */
export const VIDEO_DEFAULTS: Readonly<Record<VideoField, string>> = {
  titol: OTHER,
  idSessioVideo: OTHER,
  canalAcces: OTHER,
  tdt: OTHER,
  versioApp: OTHER,
  codiBandaAmple: OTHER,
  temporada: OTHER,
  subEmissor: OTHER,
  drets: OTHER,
  seccioBandaAmple: SECTION,
  subseccioBandaAmple: SECTION,
  capitol: OTHER,
  urlVideo: OTHER,
  tecnologia: OTHER,
  durada: OTHER,
  varietatAudio: OTHER,
  segments: OTHER,
  target: OTHER,
  codiPrograma: PROGRAMME,
  formatContingut: OTHER,
  tipusContingut: OTHER,
  subtitolat: OTHER,
  seccio: SECTION,
  veureATV: OTHER,
  tipusContingutHeartbeat: OTHER,
  tematica: OTHER,
};

export const USER_DEFAULTS: Readonly<Record<UserField, string>> = {
  idUsuari: USER_ID,
  idBigData: OTHER,
  userLogin: OTHER,
};

/** Fields that hold a comma list and may also be given as an array of entries. */
export const LIST_FIELDS: ReadonlySet<string> = new Set<PageField | VideoField>(['areaTematica', 'temes', 'categoriaAgrupadora', 'itemsRelacionats', 'segments']);
