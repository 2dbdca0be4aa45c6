/**
 * The data layer the site writes to `window.mesuraData` before each `scPageView` call: the page
 * and user groups of the tracking spec (§3). Every field is optional because a page sets only what
 * it knows; the SDK's data-layer reader fills the §5 defaults ("No informat", "noDisponible").
 * Values are strings, lists are comma lists without spaces.
 */
export interface PageData {
  /** Section, e.g. 'portada', 'noticies', 'el-temps', 'cercador'. */
  seccio?: string;
  /** Subsection, e.g. 'politica'. */
  subseccio?: string;
  subseccioNivell1?: string;
  subseccioNivell2?: string;
  /** Portal the site belongs to; always 'mesura' here. */
  portal?: string;
  /** Web property, always 'mesura.cat' here. */
  web?: string;
  /** Broadcast channel of the content. */
  canal?: string;
  programaWeb?: string;
  nomPrograma?: string;
  /** Content id in the editorial system (the article or media id). */
  idDeliverty?: string;
  /** The page's multimedia content: 'video' or 'audio' on a player page. */
  contingutMultimedia?: string;
  /** Page name; the reader defaults it to "noDisponible" and empties it on Error404 (§2, §5). */
  pageName?: string;
  /** Page type, e.g. 'portada', 'noticia', 'temps', 'cercador'. */
  pageType?: string;
  /** Page status; 'Error404' turns the page type into errorPage (§2). */
  status?: string;
  /** Language of the page, 'ca'. */
  idioma?: string;
  /** location.href at the time of the page view. */
  url?: string;
  /** Window inner size as "WxH". */
  viewport?: string;
  /** Title of the content shown. */
  titolContingut?: string;
  autor?: string;
  /** Topic areas, comma list. */
  areaTematica?: string;
  tematica?: string;
  /** Grouping categories, comma list. */
  categoriaAgrupadora?: string;
  productorContingut?: string;
  /** Publication time, ISO 8601 with offset. */
  dataPublicacio?: string;
  /** Broadcast date of the programme or episode, ISO date (the reader's dataEmissio). */
  dataEmissio?: string;
  /** Emission type: 'directe' or 'a la carta'. */
  tipusEmisio?: string;
  /** Related items' ids, comma list. */
  itemsRelacionats?: string;
  /** Theme slugs, comma list. */
  temes?: string;
  /** 'true' when the visitor said they use a screen reader (the site's accessibility page). */
  screenReader?: string;
  /** The page's content type, e.g. 'noticia'. */
  tipusContingut?: string;
  /** The page's content format, e.g. 'text'. */
  formatContingut?: string;
  /** Search keywords; the internal-search rule of §2 (event2) comes with the tag runtime. */
  paraulesCerca?: string;
  /** Number of search results, as a string. */
  resultatsCerca?: string;
  /** location.search without the leading '?'. */
  queryString?: string;
}

/** User group of §3; empty while the site has no login. */
export interface UserData {
  idUsuari?: string;
  idBigData?: string;
  userLogin?: string;
}

/**
 * Video group of §3, on pages with a player: what the media tracker reads into the session's media
 * object and its numbered variables (packages/media/src/players/session-media.ts), and what makes
 * the SDK load the tracker (its `media tracker` rule needs `titol`).
 */
export interface VideoData {
  titol?: string;
  /** The media's editorial id: the tracker's content id. */
  idSessioVideo?: string;
  /** Length in whole seconds. */
  durada?: string;
  /** 'video' or 'audio'. */
  tipusContingut?: string;
  /** The heartbeats' stream type: 'vod' or 'aod' here (spec §3 stream types). */
  tipusContingutHeartbeat?: string;
  codiPrograma?: string;
  seccio?: string;
  /** 'web': the site, not an app. */
  canalAcces?: string;
  /** 'html5': the player plays a file in a media element; 'hls': an HLS stream through hls.js. */
  tecnologia?: string;
  /** Absolute address of the media file. */
  urlVideo?: string;
  formatContingut?: string;
  subtitolat?: string;
  /** Season number of an episode. */
  temporada?: string;
  /** Episode (chapter) number within its season. */
  capitol?: string;
  /** The programme's genre. */
  tematica?: string;
}

export interface DataLayer {
  page: PageData;
  user: UserData;
  /** Only on pages with a player. */
  video?: VideoData;
}

/** What the inline snippet in index.html defines, and the SDK later replaces. */
export interface MesuraCommandQueue {
  /** Calls made before the SDK arrived, each as its argument list. */
  q?: unknown[][];
  /** The data layer each queued call was made with, so that the SDK replays it with the right one. */
  d?: unknown[];
  track(callName: string, ...args: unknown[]): void;
  /** Declares the signed-in visitor's customer ids (§3; account/customer-ids.ts). Absent from snippets older than it. */
  setCustomerIds?(ids: Record<string, { id: string; authState: 0 | 1 | 2 }>): void;
  /**
   * Loads /mesura.js once, when the visitor's choice made in the page allows web analytics (the
   * snippet loads it at start only for a stored choice that does). Only the snippet's queue has it:
   * the SDK that replaces the queue is already loaded.
   */
  load?(): void;
}
