import { LANGUAGE, NOT_FOUND_STATUS, PORTAL, WEB } from './constants';
import type { DataLayer, PageData, VideoData } from './data-layer-types';

/**
 * What a rendered route knows about itself, as far as measurement is concerned. Each area builds
 * its pages' §3 fields (and the video group, on a player page) with a pure function next to its
 * pages (news-page-fields.ts, programme-page-fields.ts, live-page-fields.ts…).
 */
export type PageRoute =
  /** A page with its own fields; site-wide and browser fields are added by buildPageData. */
  | { kind: 'page'; fields: PageData; video?: VideoData }
  /** Any unknown path, or an id that does not exist. */
  | { kind: 'not-found' };

/** The browser facts a page view carries, read by the adapter so that this module stays pure. */
export interface BrowserFacts {
  /** location.href */
  href: string;
  /** location.search, with or without its leading '?'. */
  search: string;
  viewportWidth: number;
  viewportHeight: number;
  /** The signed-in visitor's public id (account/visitor-session.ts); undefined when signed out. */
  visitorId?: string;
  /** The visitor's "Faig servir un lector de pantalla" setting (accessibility/preferences.ts). */
  screenReader?: boolean;
}

/** The login module's type (the user group's userLogin): the site's own visitor accounts. */
export const LOGIN_MODULE = 'mesura';

/** Fields that depend on the route only. Site-wide and browser fields are added by buildPageData. */
export function routePageFields(route: PageRoute): PageData {
  // No section and no page name on a not-found page: the reader turns Error404 into page type
  // errorPage with an empty page name (§2), so anything set here would be dropped or, worse,
  // counted as a section.
  return route.kind === 'page' ? route.fields : { status: NOT_FOUND_STATUS };
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
    screenReader: browser.screenReader === true ? 'true' : 'false',
    ...(queryString === '' ? {} : { queryString }),
  };
}

/**
 * The whole data layer. Every page has the login module, so the SDK derives the login state from
 * the session cookie (§3 "Login status"); idUsuari is the signed-in visitor's public id.
 */
export function buildDataLayer(route: PageRoute, browser: BrowserFacts): DataLayer {
  const user = { userLogin: LOGIN_MODULE, ...(browser.visitorId !== undefined && { idUsuari: browser.visitorId }) };
  const layer: DataLayer = { page: buildPageData(route, browser), user };
  if (route.kind === 'page' && route.video) layer.video = route.video;
  return layer;
}
