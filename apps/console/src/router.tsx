import { createBrowserRouter } from 'react-router';
import { ConsoleLayout } from './components/console-layout';
import { API_TOKENS_PATH, CONSOLE_BASENAME, LOGIN_PATH, PASSWORD_PATH } from './console-paths';
import { ApiTokensPage } from './pages/api-tokens-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { PasswordPage } from './pages/password-page';
import { AreaRoute } from './shell/area-route';
import { CONSOLE_AREAS, HOME_AREA } from './shell/areas';

export function createConsoleRouter() {
  return createBrowserRouter(
    [
      // The one screen outside the layout: it needs no session.
      { path: LOGIN_PATH, element: <LoginPage /> },
      {
        path: '/',
        element: <ConsoleLayout />,
        children: [
          // The home shows the first area, Audiència, at the console's own address so that the
          // period in its URL (`/consola/?des=…&fins=…`) survives the login's return path.
          { index: true, element: <AreaRoute area={HOME_AREA} /> },
          // Each area is a lazy chunk; `/*` leaves room for an area's own sub-routes.
          ...CONSOLE_AREAS.map((area) => ({ path: `${area.path}/*`, element: <AreaRoute area={area} /> })),
          { path: PASSWORD_PATH, element: <PasswordPage /> },
          { path: API_TOKENS_PATH, element: <ApiTokensPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { basename: CONSOLE_BASENAME },
  );
}
