/**
 * The site's first view, rendered on the server (apps/site first-view.tsx, built by
 * `vite build --ssr` into apps/site/dist-server). A visitor sees the page at the first paint rather
 * than after the site's scripts have run, and a personalised page can show its offer that much
 * sooner. Without the build, or when a rendering fails, the page goes out as the empty shell the
 * browser renders by itself, as it always could.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from '../shared/escape-html.js';

export interface FirstView {
  /** The markup of `#root`. */
  html: string;
  /** The page's title, already escaped as HTML. */
  title: string | undefined;
  /** The page's own `<link rel="alternate">` elements (a podcast's feed), already HTML, for head. */
  headLinks?: string;
  /** The page is the site's not-found page (an unknown path, or an id with no article or media): answered 404. */
  notFound?: boolean;
  /** The loader data the view was rendered with, as a JSON script element (already escaped) the site's router starts from. */
  dataElement?: string;
  /**
   * The consent banner's first layer in its container, already HTML, for the end of body; empty
   * when the request's cookies hold a stored choice. The page then varies by Cookie.
   */
  consentBanner?: string;
  /**
   * The page's name as its data layer gives it (unescaped): the root element carries it
   * (`PAGE_NAME_ATTRIBUTE`) for the head's capture of a tracked link followed before the app.
   */
  pageName?: string;
  /**
   * The page's route redirects (an article under another slug: 301 to its canonical address): the
   * server answers this status and Location instead of the page. The view is then empty.
   */
  redirect?: { to: string; status: number };
}

/** Answers a content API path (e.g. '/api/content/home') from inside the server, as fetch would. */
export type ContentFetcher = (path: string) => Promise<Response>;

/** What of the request the site's first view depends on besides its address. */
export interface FirstViewRequest {
  /** The Cookie header: with a stored consent choice the view has no banner. */
  cookie?: string;
}

/** Undefined from an older site build when the route redirects: the page goes out empty and the browser's router follows it. */
export type RenderFirstView = (url: string, request?: FirstViewRequest) => Promise<FirstView | undefined>;

/** Only the path and query of a page matter to the site's router; the Host header is not trusted. */
const PAGE_ORIGIN = 'http://site.invalid';

const ROOT_ELEMENT = '<div id="root"></div>';
/**
 * The root's attribute with the page's name. apps/site capture-pending-link-click.ts reads it (spelt
 * out there, as that source is inlined into the page) so that a link followed before the app is
 * sent on the page it was clicked on.
 */
export const PAGE_NAME_ATTRIBUTE = 'data-mesura-page-name';
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;

/**
 * The server build's renderer; undefined when the site's server build is not there. Its route
 * loaders read the content API through `fetchContent`.
 */
export async function loadFirstViewRenderer(file: string, fetchContent: ContentFetcher): Promise<RenderFirstView | undefined> {
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderFirstView?: unknown };
  if (typeof module.renderFirstView !== 'function') throw new Error(`${file} exports no renderFirstView function`);
  const render = module.renderFirstView as (url: string, fetchContent: ContentFetcher, request: FirstViewRequest) => Promise<FirstView | undefined>;
  return (requestUrl, request = {}) => render(PAGE_ORIGIN + requestUrl, fetchContent, request);
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The view's redirect when it is one the server may answer: a path of this site, a redirect status. */
export function redirectOf(view: FirstView | undefined): { to: string; status: number } | undefined {
  const redirect = view?.redirect;
  if (redirect === undefined || !REDIRECT_STATUSES.has(redirect.status)) return undefined;
  return /^\/(?![/\\])/.test(redirect.to) ? redirect : undefined;
}

/**
 * The page with the view in its root element, its title in head and the consent banner after the
 * root (where the app's banner goes: apps/site mount-banner.tsx); the page as it was when it has no
 * empty root.
 */
export function injectFirstView(page: string, view: FirstView): string {
  if (!page.includes(ROOT_ELEMENT)) return page;
  const titled = view.title === undefined ? page : page.replace(TITLE_ELEMENT, () => `<title>${view.title}</title>`);
  const linked = view.headLinks ? titled.replace('</head>', () => `${view.headLinks}</head>`) : titled;
  const named = view.pageName ? ` ${PAGE_NAME_ATTRIBUTE}="${escapeHtml(view.pageName)}"` : '';
  return linked.replace(ROOT_ELEMENT, () => `<div id="root"${named}>${view.html}</div>${view.dataElement ?? ''}${view.consentBanner ?? ''}`);
}
