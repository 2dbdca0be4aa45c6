/**
 * The §3 page fields (and the video group, on a player page) of the programme, episode, search and
 * weather pages, from the content API's answers. Pure: the pages pass them to usePageView as
 * `{ kind: 'page', fields, video }`; site-wide and browser fields are added by buildPageData.
 */
import type { Episode, Place, Programme } from '@mesura/content';
import type { PageData, VideoData } from './data-layer-types';

const PROGRAMMES_SECTION = 'programes';
/** The media section: the video group's section of every player page (as before programmes existed). */
const MEDIA_SECTION = 'videos';
const SEARCH_SECTION = 'cercador';
const WEATHER_SECTION = 'el-temps';
/** On-demand content: the §3 emission type of everything these pages play. */
const ON_DEMAND = 'a la carta';
/**
 * Every episode the site plays is a short clip of the generated media, so the video group's content
 * format stays the one the player pages always declared.
 */
const EPISODE_CONTENT_FORMAT = 'clip';

/** `/programes/`: the index of every programme. */
export function programmesIndexFields(): PageData {
  return { seccio: PROGRAMMES_SECTION, pageType: 'programes', pageName: 'mesura:programes' };
}

/** What the programme, season and episode pages say of their programme. */
function programmeContext(programme: Programme): PageData {
  return {
    seccio: PROGRAMMES_SECTION,
    subseccio: programme.slug,
    programaWeb: programme.code,
    nomPrograma: programme.title,
    canal: programme.channel,
    productorContingut: programme.producer,
    tematica: programme.genre,
    contingutMultimedia: programme.kind,
    tipusEmisio: ON_DEMAND,
  };
}

/** `/programes/{programa}/`. */
export function programmeFields(programme: Programme): PageData {
  return {
    ...programmeContext(programme),
    pageType: 'programa',
    pageName: `programes:${programme.slug}`,
    titolContingut: programme.title,
  };
}

/** `/programes/{programa}/temporada-{n}/`. */
export function seasonFields(programme: Programme, season: Programme['seasons'][number]): PageData {
  return {
    ...programmeContext(programme),
    subseccioNivell1: `temporada-${season.number}`,
    pageType: 'temporada',
    pageName: `programes:${programme.slug}:temporada-${season.number}`,
    titolContingut: `${programme.title}: ${season.title}`,
  };
}

/** `/video/{id}/` and `/audio/{id}/`: one episode with its player. */
export function episodeFields(episode: Episode, programme: Programme, related: readonly string[] = []): PageData {
  return {
    ...programmeContext(programme),
    subseccioNivell1: `temporada-${episode.season}`,
    pageType: episode.kind,
    pageName: `programes:${programme.slug}:${episode.id}`,
    idDeliverty: episode.id,
    titolContingut: episode.title,
    contingutMultimedia: episode.kind,
    // No spaces: the reader's first-value elements split on ',' (§5).
    areaTematica: episode.themes.join(','),
    dataPublicacio: episode.publishedAt,
    dataEmissio: episode.broadcastDate,
    ...(related.length === 0 ? {} : { itemsRelacionats: related.join(',') }),
  };
}

/**
 * The §3 stream type of an episode: a downloadable audio episode is a podcast, other audio is
 * audio on demand, video is video on demand.
 */
export function episodeStreamType(episode: Episode): 'vod' | 'aod' | 'podcast' {
  if (episode.kind === 'video') return 'vod';
  return episode.download === undefined ? 'aod' : 'podcast';
}

/**
 * The video group of an episode's player page: what the media tracker reads at session start.
 * Its presence (`titol`) is what makes the SDK load the tracker on this page.
 */
export function episodeVideoData(episode: Episode, programme: Programme, pageHref: string): VideoData {
  return {
    titol: episode.title,
    idSessioVideo: episode.id,
    durada: String(episode.lengthSeconds),
    tipusContingut: episode.kind,
    tipusContingutHeartbeat: episodeStreamType(episode),
    codiPrograma: programme.code,
    seccio: MEDIA_SECTION,
    canalAcces: 'web',
    tecnologia: episode.delivery === 'hls' ? 'hls' : 'html5',
    urlVideo: new URL(episode.src, pageHref).href,
    formatContingut: EPISODE_CONTENT_FORMAT,
    subtitolat: String(episode.subtitles !== undefined),
    temporada: String(episode.season),
    capitol: String(episode.number),
    tematica: programme.genre,
  };
}

/** `/videos/`: the media front, the newest video and audio episodes. */
export function mediaFrontFields(): PageData {
  return { seccio: MEDIA_SECTION, pageType: 'seccio', pageName: 'mesura:videos' };
}

/**
 * `/cercador/?q=`: `query` trimmed (empty: the form only, no search ran, nothing to count);
 * `resultCount` the results the page shows (of its filter); `filter` the filter's name in the URL
 * (`tipus`), absent for every type.
 */
export function searchFields(query: string, resultCount: number, filter?: string): PageData {
  return {
    seccio: SEARCH_SECTION,
    pageType: 'cercador',
    pageName: 'mesura:cercador',
    ...(filter === undefined ? {} : { subseccio: filter }),
    ...(query === '' ? {} : { paraulesCerca: query, resultatsCerca: String(resultCount) }),
  };
}

/** `/el-temps/`: the main places and the place search. */
export function weatherFields(): PageData {
  return { seccio: WEATHER_SECTION, pageType: 'temps', pageName: 'mesura:el-temps' };
}

/** `/el-temps/{lloc}/`: one place's forecast for today and the next days. */
export function weatherPlaceFields(place: Place): PageData {
  return {
    seccio: WEATHER_SECTION,
    subseccio: place.slug,
    pageType: 'temps',
    pageName: `el-temps:${place.slug}`,
    titolContingut: `El temps a ${place.name}`,
  };
}
