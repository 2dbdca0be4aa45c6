/**
 * The site's direct calls other than scPageView (§7), each sent as a link track, and the link
 * variables they carry. Event names are those of the report suite's map (packages/protocol
 * SITE_VARIABLE_MAP, §9 event numbers).
 */
import type { LinkType } from '@mesura/tags';

export interface SiteLinkCall {
  /** Report-suite events the call counts. */
  events: string[];
  /** Default `'o'`. */
  linkType?: LinkType;
}

/**
 * The spec numbers six of the ten calls. The other four (scDVR, scSubtitols, scPerMesTard,
 * scVeureATV) are sent as plain link tracks with no event: none of §9's events describes them,
 * and counting them as event10 would mix them into the button-click totals that scClicBoto feeds.
 * Their link name tells them apart in reports.
 */
export const SITE_LINK_CALLS: Readonly<Record<string, SiteLinkCall>> = {
  /** Live programme rewound (DVR): link only. */
  scDVR: { events: [] },
  /** Subtitles switched: link only. */
  scSubtitols: { events: [] },
  /** Live radio opened in a new window: event26. */
  scFinestraNova: { events: ['radioNewWindow'] },
  /** Saved for later: link only. */
  scPerMesTard: { events: [] },
  /** Shared: event3. */
  scCompartir: { events: ['share'] },
  /** Play pressed: event9. */
  scJugar: { events: ['play'] },
  /** A tracked button clicked: event10. */
  scClicBoto: { events: ['buttonClick'] },
  /** A file downloaded: event5, as a download link (`lnk_d`). */
  scDescarregar: { events: ['download'], linkType: 'd' },
  /** Sent to the TV: link only. */
  scVeureATV: { events: [] },
  /** Took part (vote, contest): event15. */
  scParticipar: { events: ['participate'] },
};

/**
 * §7 "Link events carry URL, programa, areaTematica, xarxaAccioContingut, identificadorClic,
 * titolContingut, formatContingut, idDeliverty, tematica, tipusEmisio, canal, tipusContingut and
 * the section fields": the call's detail field → the analytics variable it fills. A field the
 * detail lacks is taken from the data layer's variable of the same name. `areaTematica` is a comma
 * list whose first entry is tracked (§5).
 */
export const LINK_DETAIL_VARIABLES: Readonly<Record<string, string>> = {
  url: 'pageUrl',
  programa: 'programme',
  areaTematica: 'topicArea',
  xarxaAccioContingut: 'socialAction',
  identificadorClic: 'clickIdentifier',
  titolContingut: 'contentTitle',
  formatContingut: 'contentFormat',
  idDeliverty: 'delivertyId',
  tematica: 'thematic',
  tipusEmisio: 'emissionType',
  canal: 'broadcastChannel',
  tipusContingut: 'contentType',
  // The section fields (§2 "Sections tracked").
  seccio: 'section',
  subseccio: 'subsection',
  subseccioNivell1: 'subsectionLevel1',
  subseccioNivell2: 'subsectionLevel2',
  portal: 'portal',
  web: 'web',
};
