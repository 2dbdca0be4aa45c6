import { SUBSECTION_LABELS, type Article } from '../content/article';

/**
 * The spec's direct calls other than scPageView (§7), each with what the site says about it.
 * Their event numbers and link types belong to the SDK's rules; the site only names the call.
 */
export const DIRECT_CALLS = {
  scCompartir: 'Comparteix',
  scClicBoto: 'Segueix aquest tema',
  scDescarregar: 'Descarrega el dossier (PDF)',
  scJugar: 'Reprodueix el vídeo',
  scPerMesTard: 'Desa-ho per a més tard',
  scVeureATV: 'Mira-ho a la TV',
  scParticipar: "Participa a l'enquesta",
  scSubtitols: 'Activa els subtítols',
  scDVR: "Torna a l'inici de l'emissió",
  scFinestraNova: 'Escolta la ràdio en una finestra nova',
} as const;

export type DirectCall = keyof typeof DIRECT_CALLS;

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

/** The detail of a direct call made from an article page. */
export function articleCallDetail(call: DirectCall, article: Article, pageUrl: string): LinkCallDetail {
  return {
    linkText: DIRECT_CALLS[call],
    linkUrl: call === 'scDescarregar' ? new URL(`/documents/${article.id}.pdf`, pageUrl).href : undefined,
    url: pageUrl,
    areaTematica: article.topicAreas.join(','),
    xarxaAccioContingut: call === 'scCompartir' ? 'enllac' : undefined,
    identificadorClic: `article-${call}`,
    titolContingut: article.title,
    formatContingut: call === 'scJugar' || call === 'scDVR' || call === 'scSubtitols' ? 'video' : 'text',
    idDeliverty: article.id,
    tematica: SUBSECTION_LABELS[article.subsection],
    tipusEmisio: call === 'scDVR' || call === 'scFinestraNova' || call === 'scVeureATV' ? 'directe' : 'a la carta',
    tipusContingut: 'noticia',
    seccio: 'noticies',
    subseccio: article.subsection,
  };
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
  window.mesura?.track(call, detail);
}
