import { createBrowserRouter } from 'react-router';
import { ConsoleLayout } from './components/console-layout';
import { NotFoundPage } from './pages/not-found-page';
import { PageViewsPage } from './pages/page-views-page';

/** Must match Vite's `base` ('/consola/'): the server mounts the console there. */
export const CONSOLE_BASENAME = '/consola';

export function createConsoleRouter() {
  return createBrowserRouter(
    [
      {
        path: '/',
        element: <ConsoleLayout />,
        children: [
          { index: true, element: <PageViewsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { basename: CONSOLE_BASENAME },
  );
}
