/** The bounds of the mailed reports (docs/mailed-reports-and-alerts.md). */

/** Reports one user may have mailed: each is a query run at every period's end. */
export const SUBSCRIPTIONS_PER_USER_MAX = 20;
/** Longest console address of a view a subscription keeps. */
export const VIEW_URL_MAX_CHARS = 2000;
/** Top rows of a report a summary mail lists. */
export const SUMMARY_TOP_ROWS = 5;
/** "Send it now" mails one user may ask for in an hour (a button must not make Mesura a mail cannon). */
export const TEST_MAILS_PER_USER_PER_HOUR = 4;
/** Users whose "send it now" is tracked at once; the oldest is forgotten past it. */
export const TEST_MAIL_USERS_TRACKED_MAX = 10_000;
/** Tiles of a dashboard a mail shows, in the dashboard's order: each is a report run when it is mailed. */
export const MAILED_DASHBOARD_TILES_MAX = 8;
