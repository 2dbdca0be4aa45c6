import { createBrowserRouter } from 'react-router';
import { ConsoleLayout } from './components/console-layout';
import { API_TOKENS_PATH, CONSOLE_BASENAME, LOGIN_PATH, PASSWORD_PATH } from './console-paths';
import { ApiTokensPage } from './pages/api-tokens-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { PageViewsPage } from './pages/page-views-page';
import { PasswordPage } from './pages/password-page';

export function createConsoleRouter() {
  return createBrowserRouter(
    [
      // The one screen outside the layout: it needs no session.
      { path: LOGIN_PATH, element: <LoginPage /> },
      {
        path: '/',
        element: <ConsoleLayout />,
        children: [
          { index: true, element: <PageViewsPage /> },
          { path: PASSWORD_PATH, element: <PasswordPage /> },
          { path: API_TOKENS_PATH, element: <ApiTokensPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { basename: CONSOLE_BASENAME },
  );
}
