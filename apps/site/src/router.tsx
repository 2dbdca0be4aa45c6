import { createBrowserRouter } from 'react-router';
import { SITE_ROUTES } from './routes';

/** The browser's router over the site's routes. */
export function createSiteRouter() {
  return createBrowserRouter(SITE_ROUTES);
}
