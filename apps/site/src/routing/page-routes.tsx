/**
 * The site's routes as `useRoutes` renders them: the layouts and elements routes.tsx names, and
 * for every lazy page the component resolve-page.ts has fetched for the page shown.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { SITE_ROUTES } from '../routes';

export const ResolvedComponentContext = createContext<ComponentType | undefined>(undefined);

/** The page's component; nothing while it is not there (resolve-page.ts fetches it before a page is shown). */
function ResolvedComponent() {
  const Component = useContext(ResolvedComponentContext);
  return Component === undefined ? null : <Component />;
}

function toRendered(route: RouteObject): RouteObject {
  const element = route.element ?? (route.lazy === undefined ? undefined : <ResolvedComponent />);
  const base = route.index === true ? { index: true as const } : { path: route.path };
  return { ...base, element, children: route.children?.map(toRendered) } as RouteObject;
}

export const RENDERED_ROUTES: RouteObject[] = SITE_ROUTES.map(toRendered);
