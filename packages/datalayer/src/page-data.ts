/**
 * The page group of the data layer (spec §3 "Page"), as the site writes it in
 * `window.mesuraData.page`. Field names are the spec's own where it gives them, else the Catalan
 * names of the link-event fields of §7, else Catalan camelCase.
 *
 * Every field is optional on the page (see `MesuraData`); the defaults of §5 apply when one is
 * missing (see defaults.ts). Numbers and booleans are accepted wherever text is and tracked in
 * their string form.
 */
export interface PageData {
  // Where the page sits in the site (§2 "Sections tracked").

  /** Section, e.g. "noticies". Missing → "No informat". */
  seccio: string;
  /** Subsection, e.g. "politica". Missing → "No informat". */
  subseccio: string;
  /** Subsection level 1. Missing → "No informat". */
  subseccioNivell1: string;
  /** Subsection level 2. Missing → "No informat". */
  subseccioNivell2: string;
  /** Portal the page belongs to. */
  portal: string;
  /** Web site the page belongs to. */
  web: string;
  /** Broadcast channel, e.g. "3cat24". */
  canal: string;

  // The programme (§3).

  /** Programme the page belongs to. Missing → "No informat". */
  programaWeb: string;
  /** Programme name. Missing → "No informat". */
  nomPrograma: string;

  // The page itself.

  /** Content id in the content-management system (Deliverty). */
  idDeliverty: string | number;
  /** Page name. Missing → "noDisponible"; tracked empty on an Error404 page (§2). */
  pageName: string;
  /** The page's own name when `pageName` was overridden. */
  actualPageName: string;
  /** Page type, e.g. "portada", "noticia". Forced to "errorPage" on an Error404 page (§2). */
  pageType: string;
  /** Page status; "Error404" marks a not-found page (§2). */
  status: string;
  /** Language of the page, e.g. "ca". */
  idioma: string;
  /** Page URL. */
  url: string;
  /** Viewport the page was laid out for, e.g. "mobile" or "1280x720". */
  viewport: string;
  /** Query string of the page URL. */
  queryString: string;

  // The content shown.

  /** Content title. */
  titolContingut: string;
  /** Author of the content. */
  autor: string;
  /** Topic area, a comma list; its first entry is tracked (§5). An array is joined with ",". */
  areaTematica: string | readonly string[];
  /** Thematic. */
  tematica: string;
  /** Themes of the content (§3 "themes"), a comma list. An array is joined with ",". */
  temes: string | readonly string[];
  /** Grouping category, a comma list; its first entry is tracked (§5). */
  categoriaAgrupadora: string | readonly string[];
  /** Producer of the content. */
  productorContingut: string;
  /** Publication time of the content. */
  dataPublicacio: string;
  /** Broadcast date of the programme. */
  dataEmissio: string;
  /** Emission type, e.g. "directe" or "a la carta". */
  tipusEmisio: string;
  /** Content format, e.g. "video". */
  formatContingut: string;
  /** Content type. */
  tipusContingut: string;
  /** Whether (or which) multimedia content the page carries. */
  contingutMultimedia: string | boolean;
  /** Related items, a comma list. An array is joined with ",". */
  itemsRelacionats: string | readonly string[];
  /** Whether the page is being read by a screen reader. */
  screenReader: boolean | string;

  // Search (§2: paths containing "cercador").

  /** Search keywords. */
  paraulesCerca: string;
  /** Number of search results; a number or its text. */
  resultatsCerca: number | string;

  // Clicks and campaigns (§7).

  /** Internal campaigns (the `int` query parameter, §7). */
  campanyesInternes: string;
  /** Where the click that led here came from. */
  origenClic: string;
  /** Identifier of the clicked element. */
  clickIdentifier: string;
  /** Social-network action on the content, e.g. "compartir-facebook". */
  xarxaAccioContingut: string;
}

/** One field name of the page group. */
export type PageField = keyof PageData;

/**
 * The page group with the defaults of §5 and the Error404 rule of §2 applied: every field holds
 * text, never `undefined`. Lists keep all their entries (comma-joined); their first values are in
 * `ResolvedDataLayer.derived`.
 */
export type ResolvedPage = { [K in PageField]: string };
