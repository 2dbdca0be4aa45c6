import type { RouteObject } from 'react-router';

/** Participation: the daily game, the TV pairing, inside the site's layout. */
export const ENGAGEMENT_ROUTES: RouteObject[] = [];

/** Pages without the site's layout (the TV receiver). */
export const ENGAGEMENT_STANDALONE_ROUTES: RouteObject[] = [];
