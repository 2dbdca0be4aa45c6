/**
 * The console's addresses that the server writes too (a mailed report's link, a subscription's view
 * read back): one list, so that the console's routes and the server's links cannot drift apart.
 */

/** Where the console is mounted on the server. */
export const CONSOLE_BASE_PATH = '/consola';

/** Each report catalogue area's path in the console (its shell routes an area at `/{path}/`). */
export const CONSOLE_AREA_PATHS: Readonly<Record<string, string>> = {
  audience: 'audiencia',
  content: 'contingut',
  acquisition: 'adquisicio',
  search: 'cerca',
  engagement: 'interaccio',
  technology: 'tecnologia',
  geography: 'geografia',
  media: 'video-i-audio',
  consent: 'consentiment',
};
