import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ConsentSettingsContext } from './consent/consent-settings-context';
import { firstViewConsentBanner } from './consent/first-view-banner';
import { setContentFetcher, type ContentFetcher } from './content/content-client';
import { FirstViewContext } from './first-view-context';
import { firstViewDataElement } from './first-view-data';
import { routePageFields, type PageRoute } from './measurement/page-data';
import type { PageViewGate } from './measurement/page-view-gate';
import { PageViewGateContext } from './measurement/page-view-gate-context';
import { PageStatusContext, type PageStatus } from './page-status-context';
import { PageView } from './routing/page-view';
import { resolvePage } from './routing/resolve-page';

/** What of the request the first view depends on besides its address. */
export interface FirstViewRequest {
  /** The request's Cookie header: a stored consent choice leaves the banner out. */
  cookie?: string;
}

/** What the server puts into a page before any script has run. */
export interface FirstView {
  /** The markup of `#root`. */
  html: string;
  /** The page's title, for the document's `<title>`. */
  title: string | undefined;
  /** The page's `<link rel="alternate">` elements (a podcast's feed), for the document's head. */
  headLinks: string;
  /** The page is the not-found page: the server answers 404. */
  notFound: boolean;
  /** The loader data it was rendered with, as the JSON script element the browser's router starts from. */
  dataElement: string;
  /** The consent banner's first layer in its container, for the end of body; empty when the request carries a stored choice. */
  consentBanner: string;
  /**
   * The page's name as its data layer gives it (`page.pageName`); undefined for a page without one
   * (the not-found page). The head keeps it with a tracked link followed before the app
   * (early-input/capture-pending-link-click.ts), whose hit is sent on this page.
   */
  pageName: string | undefined;
  /**
   * Set when the route redirects (an article under another slug: 301 to its canonical address):
   * the server answers this status with this Location. The view is then empty, so that a server
   * which does not read it sends the empty shell, whose router follows the redirect by itself.
   */
  redirect?: { to: string; status: number };
}

/**
 * The server's rendering of a site page (the server build's entry): the same routes and components
 * as in the browser, so that a visitor sees the page at the first paint instead of after the site's
 * scripts have run. Nothing is measured here: page views are effects, which only the browser runs.
 * A redirecting route gives an empty view with `redirect`, for the server to answer.
 * `notFound` when the page rendered is the not-found page. `fetchContent` answers the route loaders'
 * content API requests (content/content-client.ts) inside the server. The consent banner's first
 * layer comes with it unless `request` carries a stored choice (consent/first-view-banner.tsx).
 */
export async function renderFirstView(url: string, fetchContent: ContentFetcher, request: FirstViewRequest = {}): Promise<FirstView> {
  setContentFetcher(fetchContent);
  const page = await resolvePage(new URL(url));
  if (page.kind === 'redirect')
    return { html: '', title: undefined, headLinks: '', notFound: false, dataElement: '', consentBanner: '', pageName: undefined, redirect: { to: page.to, status: page.status } };
  const status: PageStatus = { notFound: false };
  let route: PageRoute | undefined;
  // The page view's gate lets nothing through here (no effect runs on the server); it learns the page.
  const gate: PageViewGate = { claim: () => false, rendered: (rendered) => void (route = rendered) };
  const markup = renderToString(
    <StrictMode>
      <FirstViewContext value={true}>
        <ConsentSettingsContext value={null}>
          <PageViewGateContext value={gate}>
            <PageStatusContext value={status}>
              <StaticRouter location={page.href}>
                <PageView page={page} location={page.href} />
              </StaticRouter>
            </PageStatusContext>
          </PageViewGateContext>
        </ConsentSettingsContext>
      </FirstViewContext>
    </StrictMode>,
  );
  const { html, links } = liftAlternateLinks(markup);
  const dataElement = firstViewDataElement({ href: page.href, data: page.data });
  const pageName = route === undefined ? undefined : routePageFields(route).pageName;
  return { ...liftTitle(html), headLinks: links, notFound: status.notFound, dataElement, consentBanner: firstViewConsentBanner(request.cookie), pageName };
}

/** React renders a page's `<title>` where the page component puts it; the document wants it in head. */
function liftTitle(markup: string): Pick<FirstView, 'html' | 'title'> {
  const match = /<title>([^<]*)<\/title>/.exec(markup);
  if (!match) return { html: markup, title: undefined };
  return { html: markup.slice(0, match.index) + markup.slice(match.index + match[0].length), title: match[1] };
}

/** React puts a page's `<link rel="alternate">` first in the markup (hoisted); the document wants them in head. */
const ALTERNATE_LINK = /<link rel="alternate"[^>]*\/>/g;

function liftAlternateLinks(markup: string): { html: string; links: string } {
  const links = markup.match(ALTERNATE_LINK) ?? [];
  return { html: links.length === 0 ? markup : markup.replace(ALTERNATE_LINK, ''), links: links.join('') };
}
