/** The bounds of the dashboards (docs/console.md "Taulers"). */

/** Shared dashboards one user may make (their home dashboard is besides). */
export const SHARED_DASHBOARDS_PER_USER_MAX = 20;
/** Tiles on one dashboard: each is a report asked when the dashboard opens. */
export const TILES_PER_DASHBOARD_MAX = 24;
/** Longest name of a shared dashboard, in characters. */
export const DASHBOARD_NAME_MAX_CHARS = 80;
