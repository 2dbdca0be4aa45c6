/**
 * The browser's router: React Router's declarative `Router` (links, params, the location hooks)
 * over our own navigation, which resolves a page's data and code first and only then shows it
 * with its new location, as React Router's data routers do. So a page never renders with the next
 * page's location and its own data (its page view would be measured under the wrong page).
 */
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { createPath, NavigationType, Router, type Location, type Navigator, type To } from 'react-router';
import { currentLocation, locationTo, writeEntry } from './browser-history';
import { PageView } from './page-view';
import { resolvePage, type KnownData, type RedirectedPage, type ResolvedPage } from './resolve-page';

export interface ShownPage {
  location: Location;
  page: ResolvedPage;
  navigationType: NavigationType;
}

const urlOf = (location: Location): URL => new URL(createPath(location), window.location.origin);

/** The first page: its data from the server's first view when there is one, its code fetched. */
export async function resolveFirstPage(known?: KnownData): Promise<ShownPage> {
  const location = currentLocation();
  const resolved = await resolvePage(urlOf(location), known);
  // The server answers a redirected page with its redirect (first-view.tsx); should the browser
  // still be at such an address (a server without the site's server build), it follows it here.
  if (resolved.kind === 'redirect') {
    writeEntry(locationTo(resolved.to, null), true);
    return resolveFirstPage();
  }
  return { location, page: resolved, navigationType: NavigationType.Pop };
}

/** Resolves, then shows; a navigation started later wins over an earlier one still resolving. */
function useSiteNavigation(show: (page: ShownPage) => void) {
  const latest = useRef(0);
  return useMemo(() => {
    const go = async (location: Location, navigationType: NavigationType): Promise<void> => {
      const ticket = ++latest.current;
      let resolved: ResolvedPage | RedirectedPage;
      try {
        resolved = await resolvePage(urlOf(location));
      } catch (error) {
        // The API or the page's code did not answer: the server renders the page instead.
        console.error('Mesura.cat: the page could not be shown here; loading it from the server.', error);
        window.location.assign(urlOf(location).href);
        return;
      }
      if (ticket !== latest.current) return;
      if (resolved.kind === 'redirect') return go(locationTo(resolved.to, null), NavigationType.Replace);
      if (navigationType !== NavigationType.Pop) writeEntry(location, navigationType === NavigationType.Replace);
      startTransition(() => show({ location, page: resolved, navigationType }));
    };
    const navigator: Navigator = {
      createHref: (to: To) => (typeof to === 'string' ? to : createPath(to)),
      go: (delta: number) => window.history.go(delta),
      push: (to: To, state?: unknown) => void go(locationTo(to, state), NavigationType.Push),
      replace: (to: To, state?: unknown) => void go(locationTo(to, state), NavigationType.Replace),
    };
    return { navigator, popped: () => void go(currentLocation(), NavigationType.Pop) };
  }, [show]);
}

export function SiteRouter({ first }: { first: ShownPage }) {
  const [shown, setShown] = useState(first);
  const { navigator, popped } = useSiteNavigation(setShown);

  useEffect(() => {
    window.addEventListener('popstate', popped);
    return () => window.removeEventListener('popstate', popped);
  }, [popped]);

  useEffect(() => {
    // A new page starts at its top, as after a full page load; back and forward keep the browser's place.
    if (shown.navigationType === NavigationType.Push && shown.location.hash === '') window.scrollTo(0, 0);
  }, [shown]);

  return (
    <Router location={shown.location} navigationType={shown.navigationType} navigator={navigator}>
      <PageView page={shown.page} location={shown.location} />
    </Router>
  );
}
