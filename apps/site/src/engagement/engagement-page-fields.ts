/** §3 page fields of the participation pages (pure: built from the loader's data). */
import type { PageData, VideoData } from '../measurement/data-layer-types';
import type { TvMedia } from '@mesura/protocol';

export function quizPageFields(day: string): PageData {
  return { seccio: 'joc', pageType: 'joc', pageName: 'mesura:joc', titolContingut: 'El joc del dia', dataPublicacio: day, tipusEmisio: 'a la carta' };
}

export function tvReceiverPageFields(media?: TvMedia): PageData {
  return {
    seccio: 'tv',
    pageType: 'receptor-tv',
    pageName: 'mesura:tv',
    ...(media && { idDeliverty: media.id, titolContingut: media.title, contingutMultimedia: media.kind, tipusEmisio: 'a la carta' }),
  };
}

/** The video group of what the TV plays: the §3 view-on-TV flag set, since this is the TV. */
export function tvReceiverVideo(media: TvMedia, href: string): VideoData & { veureATV: string } {
  return {
    titol: media.title,
    idSessioVideo: media.id,
    tipusContingut: media.kind,
    tipusContingutHeartbeat: media.kind === 'audio' ? 'aod' : 'vod',
    seccio: 'tv',
    canalAcces: 'web',
    tecnologia: media.delivery === 'hls' ? 'hls' : 'html5',
    urlVideo: new URL(media.src, href).href,
    formatContingut: 'clip',
    subtitolat: 'false',
    veureATV: 'true',
  };
}
