/**
 * Scheduled publication: an article or episode is published from its `publishedAt` on. Before
 * then it is in the content store but nowhere on the site: no list, front, rail, search result or
 * "more episodes" names it, and its own address is not found. The content API's answers
 * (server/src/content/content-catalog.ts) are pure functions of the content and the time asked at.
 */

/** Whether the item's publication time has come at `now`; an unreadable time never comes. */
export function isPublished(item: { publishedAt: string }, now: Date): boolean {
  const at = Date.parse(item.publishedAt);
  return !Number.isNaN(at) && at <= now.getTime();
}
