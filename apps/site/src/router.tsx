import { createBrowserRouter, type HydrationState } from 'react-router';
import { SITE_ROUTES } from './routes';

/** The browser's router over the site's routes, starting from the loader data the server rendered with. */
export function createSiteRouter(hydrationData: HydrationState | undefined) {
  return createBrowserRouter(SITE_ROUTES, { hydrationData });
}

/** Resolves once the router has loaded the first page's code and data, so that nothing blank is ever shown. */
export function whenInitialized(router: ReturnType<typeof createSiteRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
