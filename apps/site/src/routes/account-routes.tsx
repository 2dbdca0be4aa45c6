import type { RouteObject } from 'react-router';

/** The visitor's account: sign in or create one, and "La meva llista". Both render in the browser what depends on the visitor. */
export const ACCOUNT_ROUTES: RouteObject[] = [
  { path: 'entrar/', lazy: { Component: async () => (await import('../pages/login-page')).LoginPage } },
  { path: 'entrar/contrasenya-oblidada/', lazy: { Component: async () => (await import('../pages/password-forgotten-page')).PasswordForgottenPage } },
  { path: 'entrar/nova-contrasenya/', lazy: { Component: async () => (await import('../pages/password-reset-page')).PasswordResetPage } },
  { path: 'la-meva-llista/', lazy: { Component: async () => (await import('../pages/my-list-page')).MyListPage } },
];
