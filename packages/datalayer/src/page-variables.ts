/**
 * The page-level analytics elements of §3 under the report suite's variable names (the variable
 * map is owned by packages/protocol; the names here must match it letter for letter).
 */
import type { ResolvedDataLayer } from './data-layer.js';

/** Every page-level analytics variable, with the data-layer value it carries. */
export interface PageVariables {
  // Where the page sits.

  /** `page.seccio`. */
  section: string;
  /** `page.subseccio`. */
  subsection: string;
  /** `page.subseccioNivell1`. */
  subsectionLevel1: string;
  /** `page.subseccioNivell2`. */
  subsectionLevel2: string;
  /** `page.portal`. */
  portal: string;
  /** `page.web`. */
  web: string;
  /** `page.canal`. */
  broadcastChannel: string;
  /** `page.pageType` ("errorPage" on an Error404 page). */
  pageType: string;
  /** `page.url`. */
  pageUrl: string;
  /** `page.idioma`. */
  language: string;
  /** `page.viewport`. */
  viewport: string;

  // The programme and the content.

  /** `page.programaWeb`. */
  programme: string;
  /** `page.nomPrograma`. */
  programmeName: string;
  /** `page.productorContingut`. */
  contentProducer: string;
  /** First entry of `page.areaTematica`. */
  topicArea: string;
  /** `page.tematica`. */
  thematic: string;
  /** First entry of `page.categoriaAgrupadora`. */
  groupingCategory: string;
  /** `page.idDeliverty`. */
  delivertyId: string;
  /** `page.titolContingut`. */
  contentTitle: string;
  /** `page.autor`. */
  author: string;
  /** `page.dataPublicacio`. */
  publicationTime: string;
  /** `page.tipusEmisio`. */
  emissionType: string;
  /** `page.formatContingut`. */
  contentFormat: string;
  /** `page.tipusContingut`. */
  contentType: string;
  /** `page.dataEmissio`: when the content was broadcast. */
  broadcastDate: string;
  /** `page.itemsRelacionats`, the comma list of related items' ids. */
  relatedItems: string;
  /** `page.contingutMultimedia`: the page's media, 'video' or 'audio'. */
  multimediaContent: string;
  /** `page.screenReader`: the visitor's screen-reader setting on the site. */
  screenReader: string;

  // The visitor.

  /** Derived login state, "logat" or "no logat". */
  loginState: string;
  /** `user.idUsuari`. */
  userId: string;
  /** `user.idBigData`. */
  bigDataId: string;

  // The moment, the search, the click.

  /** Derived timestamp, `MM/DD/YYYY HH:mm:ss`. */
  timestamp: string;
  /** `page.paraulesCerca`. */
  searchKeywords: string;
  /** `page.resultatsCerca`, as text. */
  searchResults: string;
  /** `page.origenClic`. */
  clickOrigin: string;
  /** `page.clickIdentifier`. */
  clickIdentifier: string;
  /** `page.campanyesInternes`. */
  internalCampaign: string;
  /** `page.xarxaAccioContingut`. */
  socialAction: string;
}

/** The name of one page-level analytics variable in the report suite's variable map. */
export type AnalyticsVariable = keyof PageVariables;

/**
 * The page-level analytics variables of a resolved data layer, every one present and defaulted,
 * so the SDK can copy them into the beacon as they are.
 */
export function pageVariables(resolved: ResolvedDataLayer): Record<AnalyticsVariable, string> {
  const { page, user, derived } = resolved;
  return {
    section: page.seccio,
    subsection: page.subseccio,
    subsectionLevel1: page.subseccioNivell1,
    subsectionLevel2: page.subseccioNivell2,
    portal: page.portal,
    web: page.web,
    broadcastChannel: page.canal,
    pageType: page.pageType,
    pageUrl: page.url,
    language: page.idioma,
    viewport: page.viewport,
    programme: page.programaWeb,
    programmeName: page.nomPrograma,
    contentProducer: page.productorContingut,
    topicArea: derived.topicAreaFirst,
    thematic: page.tematica,
    groupingCategory: derived.groupingCategoryFirst,
    delivertyId: page.idDeliverty,
    contentTitle: page.titolContingut,
    author: page.autor,
    publicationTime: page.dataPublicacio,
    emissionType: page.tipusEmisio,
    contentFormat: page.formatContingut,
    contentType: page.tipusContingut,
    broadcastDate: page.dataEmissio,
    relatedItems: page.itemsRelacionats,
    multimediaContent: page.contingutMultimedia,
    screenReader: page.screenReader,
    loginState: derived.loginState,
    userId: user.idUsuari,
    bigDataId: user.idBigData,
    timestamp: derived.timestamp,
    searchKeywords: page.paraulesCerca,
    searchResults: page.resultatsCerca,
    clickOrigin: page.origenClic,
    clickIdentifier: page.clickIdentifier,
    internalCampaign: page.campanyesInternes,
    socialAction: page.xarxaAccioContingut,
  };
}
