import { useRoutes, type Location } from 'react-router';
import { PageDataContext } from './page-data';
import { RENDERED_ROUTES, ResolvedComponentContext } from './page-routes';
import type { ResolvedPage } from './resolve-page';

/** Renders a resolved page at `location` inside its layout (both inside a Router). */
export function PageView({ page, location }: { page: ResolvedPage; location: Location | string }) {
  const element = useRoutes(RENDERED_ROUTES, location);
  return (
    <PageDataContext value={page.data}>
      <ResolvedComponentContext value={page.Component}>{element}</ResolvedComponentContext>
    </PageDataContext>
  );
}
