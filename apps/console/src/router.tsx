import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { ConsoleLayout } from './components/console-layout';
import { ADMIN_PATH, API_TOKENS_PATH, CONSOLE_BASENAME, LOGIN_PATH, PASSWORD_PATH, REPORTS_PATH } from './console-paths';
import { ApiTokensPage } from './pages/api-tokens-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { PasswordPage } from './pages/password-page';

// Each area is a chunk of its own, loaded when first opened.
const ReportsPage = lazy(() => import('./catalogue/reports-page'));
const AdminArea = lazy(() => import('./areas/administracio/administracio-area'));

function loading(element: ReactNode) {
  return <Suspense fallback={<p className="panel__note">S'està carregant…</p>}>{element}</Suspense>;
}

export function createConsoleRouter() {
  return createBrowserRouter(
    [
      // The one screen outside the layout: it needs no session.
      { path: LOGIN_PATH, element: <LoginPage /> },
      {
        path: '/',
        element: <ConsoleLayout />,
        children: [
          // The home is the first report area, Audiència.
          { index: true, element: loading(<ReportsPage />) },
          { path: PASSWORD_PATH, element: <PasswordPage /> },
          { path: `${REPORTS_PATH}/:area?/`, element: loading(<ReportsPage />) },
          { path: `${ADMIN_PATH}/*`, element: loading(<AdminArea />) },
          { path: API_TOKENS_PATH, element: <ApiTokensPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { basename: CONSOLE_BASENAME },
  );
}
