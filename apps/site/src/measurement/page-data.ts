import type { Article } from '../content/article';
import type { MediaItem } from '../content/media-items';
import { LANGUAGE, NOT_FOUND_STATUS, PORTAL, WEB } from './constants';
import type { DataLayer, PageData, VideoData } from './data-layer-types';

/** What a rendered route knows about itself, as far as measurement is concerned. */
export type PageRoute =
  /** The home page (portada). */
  | { kind: 'home' }
  /** The news section's front page, /noticies/. */
  | { kind: 'news-section' }
  /** One article, /noticia/{id}/{slug}/. */
  | { kind: 'article'; article: Article }
  /** The weather page, /el-temps/. */
  | { kind: 'weather' }
  /** The videos and audios, /videos/. */
  | { kind: 'media-list' }
  /** One video or audio with its player, /video/{id}/ or /audio/{id}/. */
  | { kind: 'media'; item: MediaItem }
  /** The search page, /cercador/?q=; `query` is trimmed and may be empty (form only). */
  | { kind: 'search'; query: string; resultCount: number }
  /** Any unknown path, or an article id that does not exist. */
  | { kind: 'not-found' }
  /**
   * A page whose area builds its own §3 fields (and video group, on a player page) with a pure
   * function next to its pages; site-wide and browser fields are still added by buildPageData.
   */
  | { kind: 'page'; fields: PageData; video?: VideoData };

/** The browser facts a page view carries, read by the adapter so that this module stays pure. */
export interface BrowserFacts {
  /** location.href */
  href: string;
  /** location.search, with or without its leading '?'. */
  search: string;
  viewportWidth: number;
  viewportHeight: number;
}

/** Fields that depend on the route only. Site-wide and browser fields are added by buildPageData. */
export function routePageFields(route: PageRoute): PageData {
  switch (route.kind) {
    case 'home':
      return { seccio: 'portada', pageType: 'portada', pageName: 'mesura:portada' };
    case 'news-section':
      return { seccio: 'noticies', pageType: 'seccio', pageName: 'mesura:noticies' };
    case 'article': {
      const { article } = route;
      return {
        seccio: 'noticies',
        subseccio: article.subsection,
        pageType: 'noticia',
        pageName: `noticies:${article.slug}`,
        idDeliverty: article.id,
        titolContingut: article.title,
        autor: article.author,
        // No spaces: the reader's first-value elements split on ',' (§5).
        areaTematica: article.topicAreas.join(','),
        dataPublicacio: article.publishedAt,
      };
    }
    case 'weather':
      return { seccio: 'el-temps', pageType: 'temps', pageName: 'mesura:el-temps' };
    case 'media-list':
      return { seccio: 'videos', pageType: 'seccio', pageName: 'mesura:videos' };
    case 'media': {
      const { item } = route;
      return {
        seccio: 'videos',
        pageType: item.kind,
        pageName: `videos:${item.id}`,
        idDeliverty: item.id,
        titolContingut: item.title,
        contingutMultimedia: item.kind,
        programaWeb: item.programmeCode,
        nomPrograma: item.programme,
        dataPublicacio: item.publishedAt,
      };
    }
    case 'search':
      return {
        seccio: 'cercador',
        pageType: 'cercador',
        pageName: 'mesura:cercador',
        // Without keywords no search ran, so there is nothing to count.
        ...(route.query === ''
          ? {}
          : { paraulesCerca: route.query, resultatsCerca: String(route.resultCount) }),
      };
    case 'page':
      return route.fields;
    case 'not-found':
      // No section and no page name: the reader turns Error404 into page type errorPage with an
      // empty page name (§2), so anything set here would be dropped or, worse, counted as a section.
      return { status: NOT_FOUND_STATUS };
  }
}

/** The page group of the data layer for one page view. */
export function buildPageData(route: PageRoute, browser: BrowserFacts): PageData {
  const queryString = browser.search.replace(/^\?/, '');
  return {
    ...routePageFields(route),
    portal: PORTAL,
    web: WEB,
    idioma: LANGUAGE,
    url: browser.href,
    viewport: `${Math.round(browser.viewportWidth)}x${Math.round(browser.viewportHeight)}`,
    ...(queryString === '' ? {} : { queryString }),
  };
}

/**
 * The video group of a player page (§3): what the media tracker reads at session start. Its
 * presence (`titol`) is what makes the SDK load the tracker on this page.
 */
export function buildVideoData(item: MediaItem, browser: Pick<BrowserFacts, 'href'>): VideoData {
  return {
    titol: item.title,
    idSessioVideo: item.id,
    durada: String(item.lengthSeconds),
    tipusContingut: item.kind,
    tipusContingutHeartbeat: item.kind === 'audio' ? 'aod' : 'vod',
    codiPrograma: item.programmeCode,
    seccio: 'videos',
    canalAcces: 'web',
    tecnologia: item.delivery === 'hls' ? 'hls' : 'html5',
    urlVideo: new URL(item.src, browser.href).href,
    formatContingut: 'clip',
    subtitolat: 'false',
  };
}

/** The whole data layer. `user` stays empty: the site has no login yet. */
export function buildDataLayer(route: PageRoute, browser: BrowserFacts): DataLayer {
  const layer: DataLayer = { page: buildPageData(route, browser), user: {} };
  if (route.kind === 'media') layer.video = buildVideoData(route.item, browser);
  if (route.kind === 'page' && route.video) layer.video = route.video;
  return layer;
}
