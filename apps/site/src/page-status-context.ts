import { createContext } from 'react';

/**
 * What the server's first view learns of the page it renders besides its markup: the not-found
 * page marks it, so that an unknown path, or an article or media id that does not exist, answers
 * HTTP 404 instead of a 200 with a "not found" text (a soft 404 that search engines index).
 * Null in the browser, where no status is sent.
 */
export interface PageStatus {
  notFound: boolean;
}

export const PageStatusContext = createContext<PageStatus | null>(null);
