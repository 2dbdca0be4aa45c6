import { isbot } from 'isbot';

/** Known crawlers and monitors are stored, flagged, and left out of reports by default. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  return userAgent ? isbot(userAgent) : false;
}
