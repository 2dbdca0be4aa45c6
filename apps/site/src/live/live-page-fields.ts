/**
 * The §3 page fields and video group of the live TV and radio pages, and the §7 detail of their
 * direct calls (scDVR, scFinestraNova), from the content API's answers and the broadcast on air.
 * Pure: pages pass them to usePageView as `{ kind: 'page', fields, video }`; the live player
 * rewrites the video group when the broadcast at the playhead changes.
 */
import type { Broadcast, Channel, Programme, Station } from '@mesura/content';
import type { PageData, VideoData } from '../measurement/data-layer-types';
import type { LinkCallDetail } from '../measurement/direct-calls';
import type { DvrAction } from './dvr';

const LIVE_TV_SECTION = 'directes';
const RADIO_SECTION = 'radio';
/** §3 emission type of everything these pages play. */
const LIVE = 'directe';
/** The video group's content format of a live stream. */
const LIVE_CONTENT_FORMAT = 'directe';
/** §3 stream type of the heartbeats of a live stream. */
const LIVE_STREAM_TYPE = 'live';

/** What a live page knows of what is on air. */
export interface OnAir {
  broadcast: Broadcast;
  /** The broadcast's programme, when it has a page. */
  programme?: Programme;
}

/** The broadcast's programme among the programmes the loader read. */
export function programmeOf(broadcast: Broadcast, programmes: readonly Programme[]): Programme | undefined {
  return broadcast.programme === undefined ? undefined : programmes.find((programme) => programme.slug === broadcast.programme);
}

/** ISO date of a broadcast's start in Catalan time (its ISO start carries the Madrid offset). */
function broadcastDate(broadcast: Broadcast): string {
  return broadcast.start.slice(0, 10);
}

/** What every live page says of the broadcast on air. */
function onAirFields({ broadcast, programme }: OnAir): PageData {
  return {
    tipusEmisio: LIVE,
    titolContingut: broadcast.title,
    idDeliverty: broadcast.episode ?? broadcast.id,
    nomPrograma: programme?.title ?? broadcast.title,
    ...(programme === undefined ? {} : { programaWeb: programme.code, productorContingut: programme.producer }),
    tematica: broadcast.genre,
    dataEmissio: broadcastDate(broadcast),
  };
}

/** `/directes/`: the channels and what is on each. */
export function liveIndexFields(): PageData {
  return { seccio: LIVE_TV_SECTION, pageType: 'directes', pageName: 'mesura:directes', tipusEmisio: LIVE };
}

/** `/radio/`: the stations and what is on each. */
export function radioIndexFields(): PageData {
  return { seccio: RADIO_SECTION, pageType: 'radio-emissores', pageName: 'mesura:radio', tipusEmisio: LIVE };
}

/** `/directes/{canal}/`. */
export function channelPageFields(channel: Channel, onAir: OnAir): PageData {
  return {
    ...onAirFields(onAir),
    seccio: LIVE_TV_SECTION,
    subseccio: channel.slug,
    canal: channel.slug,
    pageType: 'directe',
    pageName: `directes:${channel.slug}`,
    contingutMultimedia: 'video',
  };
}

/** `/radio/{emissora}/`, and its pop-out window (`popOut`). */
export function stationPageFields(station: Station, onAir: OnAir, popOut = false): PageData {
  return {
    ...onAirFields(onAir),
    seccio: RADIO_SECTION,
    subseccio: station.slug,
    canal: station.slug,
    pageType: popOut ? 'radio-finestra' : 'radio',
    pageName: popOut ? `radio:${station.slug}:finestra` : `radio:${station.slug}`,
    contingutMultimedia: 'audio',
  };
}

/** The video group of a live stream for the broadcast on air: what the media session starts with. */
export function liveVideoData(source: Channel | Station, kind: 'video' | 'audio', { broadcast, programme }: OnAir, pageUrl: string): VideoData {
  return {
    titol: broadcast.title,
    idSessioVideo: broadcast.id,
    durada: String(Math.round((Date.parse(broadcast.end) - Date.parse(broadcast.start)) / 1000)),
    tipusContingut: kind,
    tipusContingutHeartbeat: LIVE_STREAM_TYPE,
    ...(programme === undefined ? {} : { codiPrograma: programme.code }),
    seccio: kind === 'video' ? LIVE_TV_SECTION : RADIO_SECTION,
    canalAcces: 'web',
    tecnologia: 'hls',
    urlVideo: new URL(source.liveSrc, pageUrl).href,
    formatContingut: LIVE_CONTENT_FORMAT,
    subtitolat: 'false',
    tematica: broadcast.genre,
  };
}

/** What each DVR control is called, as the visitor reads it (the call's link text). */
export const DVR_ACTION_TEXT: Readonly<Record<DvrAction, string>> = {
  enrere: 'Enrere 30 segons',
  'inici-programa': "Torna a l'inici del programa",
  directe: 'Directe',
  barra: 'Barra del diferit',
};

/** The detail of scDVR: a seek in the live TV stream. */
export function dvrCallDetail(action: DvrAction, channel: Channel, onAir: OnAir, pageUrl: string): LinkCallDetail {
  return {
    ...liveCallContext(channel, onAir, pageUrl, LIVE_TV_SECTION),
    linkText: DVR_ACTION_TEXT[action],
    identificadorClic: `dvr-${action}`,
    formatContingut: 'video',
    tipusContingut: 'video',
  };
}

export const POP_OUT_TEXT = 'Escolta en una finestra nova';

/** The detail of scFinestraNova: the station opened in its pop-out window at `popOutUrl`. */
export function popOutCallDetail(station: Station, onAir: OnAir, pageUrl: string, popOutUrl: string): LinkCallDetail {
  return {
    ...liveCallContext(station, onAir, pageUrl, RADIO_SECTION),
    linkText: POP_OUT_TEXT,
    linkUrl: popOutUrl,
    identificadorClic: 'radio-finestra-nova',
    formatContingut: 'audio',
    tipusContingut: 'audio',
  };
}

function liveCallContext(source: Channel | Station, { broadcast, programme }: OnAir, pageUrl: string, section: string) {
  return {
    url: pageUrl,
    programa: programme?.code ?? broadcast.title,
    titolContingut: broadcast.title,
    idDeliverty: broadcast.episode ?? broadcast.id,
    tematica: broadcast.genre,
    tipusEmisio: LIVE,
    canal: source.slug,
    seccio: section,
    subseccio: source.slug,
  };
}
