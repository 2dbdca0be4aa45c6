/**
 * What a URL shows: the site's route that matches it, its loader's data and its component, fetched
 * together. The server's first view and the browser's navigations both resolve pages here, so a
 * page is the same whichever renders it. The routes keep React Router's route shape (routes.tsx);
 * React Router matches them.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { SITE_ROUTES } from '../routes';

export interface ResolvedPage {
  kind: 'page';
  /** The address, as `pathname + search`. */
  href: string;
  /** The matched route's loader answer (undefined without a loader). */
  data: unknown;
  /** The matched route's lazy component; undefined when the route names its element itself. */
  Component: ComponentType | undefined;
}

export interface RedirectedPage {
  kind: 'redirect';
  /** Where the loader sent the visitor (its `redirect()` Location). */
  to: string;
  /** The redirect's HTTP status (301 for a page that moved for good, 302 by default), which the server answers. */
  status: number;
}

/** Where the data comes from when it is already known (the server's first view). */
export interface KnownData {
  href: string;
  data: unknown;
}

type LoaderArgs = { params: Record<string, string | undefined>; request: Request };
type Loader = (args: LoaderArgs) => unknown;
type LazyComponent = { Component?: () => Promise<ComponentType> };

/** The deepest route matching `url`, as React Router ranks them. */
export function matchedRoute(url: URL, routes: RouteObject[] = SITE_ROUTES) {
  return matchRoutes(routes, url.pathname)?.at(-1);
}

/** `known` is used instead of the loader when it is for the same address; `routes` default SITE_ROUTES. */
export async function resolvePage(url: URL, known?: KnownData, routes: RouteObject[] = SITE_ROUTES): Promise<ResolvedPage | RedirectedPage> {
  const href = url.pathname + url.search;
  const match = matchedRoute(url, routes);
  const loader = match?.route.loader as Loader | undefined;
  const lazy = match?.route.lazy as LazyComponent | undefined;
  const load = async () => {
    if (known !== undefined && known.href === href) return known.data;
    return loader?.({ params: match?.params ?? {}, request: new Request(url) });
  };
  try {
    const [data, Component] = await Promise.all([load(), lazy?.Component?.()]);
    return redirectOf(data) ?? { kind: 'page', href, data, Component };
  } catch (thrown) {
    const redirected = redirectOf(thrown);
    if (redirected === undefined) throw thrown;
    return redirected;
  }
}

/** A loader's `redirect()`, returned or thrown, is a Response with a Location; anything else is not. */
function redirectOf(value: unknown): RedirectedPage | undefined {
  const to = value instanceof Response ? value.headers.get('Location') : null;
  return to === null ? undefined : { kind: 'redirect', to, status: (value as Response).status };
}
