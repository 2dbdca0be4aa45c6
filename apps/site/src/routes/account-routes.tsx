import type { RouteObject } from 'react-router';

/** The visitor's account: login and "La meva llista". */
export const ACCOUNT_ROUTES: RouteObject[] = [];
