import type { RouteObject } from 'react-router';

/** Live TV and radio inside the site's layout. */
export const LIVE_ROUTES: RouteObject[] = [];

/** Pages without the site's layout (the radio's pop-out window). */
export const LIVE_STANDALONE_ROUTES: RouteObject[] = [];
