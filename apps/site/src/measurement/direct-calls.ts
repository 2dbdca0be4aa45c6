/**
 * The spec's direct calls other than scPageView (§7), each sent by the feature it is named after:
 * scCompartir the share menu, scDescarregar download links, scJugar the daily game, scClicBoto the
 * calls to action, scParticipar polls, scFinestraNova the radio's pop-out, scPerMesTard "La meva
 * llista", scSubtitols and scDVR the players, scVeureATV watching on TV. Their event numbers and link
 * types belong to the SDK's rules; the site only names the call.
 */
export const DIRECT_CALLS = ['scCompartir', 'scClicBoto', 'scDescarregar', 'scJugar', 'scPerMesTard', 'scVeureATV', 'scParticipar', 'scSubtitols', 'scDVR', 'scFinestraNova'] as const;

export type DirectCall = (typeof DIRECT_CALLS)[number];

/**
 * What a link call carries (§7 "Link events carry URL, programa, areaTematica, xarxaAccioContingut,
 * identificadorClic, titolContingut, formatContingut, idDeliverty, tematica, tipusEmisio, canal,
 * tipusContingut and the section fields"), under the data layer's own field names, plus the link's
 * text and URL.
 */
export interface LinkCallDetail {
  linkText: string;
  linkUrl?: string;
  url: string;
  programa?: string;
  areaTematica?: string;
  xarxaAccioContingut?: string;
  identificadorClic: string;
  titolContingut?: string;
  formatContingut?: string;
  idDeliverty?: string;
  tematica?: string;
  tipusEmisio?: string;
  canal?: string;
  tipusContingut?: string;
  seccio?: string;
  subseccio?: string;
}

/** What a player says of the media it plays, for the direct calls made from its controls. */
export interface PlayerCallSubject {
  /** Editorial id (idDeliverty). */
  id: string;
  title: string;
  kind: 'video' | 'audio';
  /** Programme code (programa). */
  programmeCode: string;
  /** A live stream (tipusEmisio 'directe') and its channel; else on demand. */
  live?: { channel: string };
  /** The page's section. */
  seccio: string;
}

/** The detail of a direct call made from a player's control; `linkText` is the control's label. */
export function playerCallDetail(call: DirectCall, subject: PlayerCallSubject, pageUrl: string, linkText: string): LinkCallDetail {
  return {
    linkText,
    url: pageUrl,
    programa: subject.programmeCode,
    identificadorClic: `player-${call}`,
    titolContingut: subject.title,
    formatContingut: subject.kind,
    idDeliverty: subject.id,
    tipusEmisio: subject.live ? 'directe' : 'a la carta',
    ...(subject.live ? { canal: subject.live.channel } : {}),
    tipusContingut: subject.kind,
    seccio: subject.seccio,
  };
}

/** Sends a direct call through the page's Mesura queue; a page without the snippet sends nothing. */
export function sendDirectCall(call: DirectCall, detail: LinkCallDetail): void {
  // Details built while rendering (on the server too) cannot know the address: it is the page's.
  window.mesura?.track(call, { ...detail, url: detail.url === '' ? window.location.href : detail.url });
}
