/**
 * A link the previous page's visitor followed while /mesura.js was not running there (before consent,
 * or before it had loaded), one the page does not measure itself: the site's head kept it
 * (apps/site early-input/capture-pending-activity-map.ts). The SDK's rules say what it was: an
 * exit or download link goes out now, as the link hit installLinkTracking would have sent, on the
 * page it was clicked on, with its ActivityMap. Anything else is dropped: a link within the site
 * gets no hit of its own, and its ActivityMap goes with the next page view, which the head
 * remembers it for itself, by the same rules. Run by the activity-map module, which the property
 * loads only once web-analytics consent holds; taken once.
 *
 * The link hit is of the previous page, sent late: the click pending for this page's next hit
 * (PENDING_CLICK_KEY, a click remembered by this page's SDK or by the previous page's head) is not
 * its own, so it stays for that hit rather than going with this one (analytics.ts `link` takes it).
 */
import { PENDING_CLICK_KEY, activityMapData, classifyLink, type ActivityMap, type Analytics, type PageContext } from '@mesura/analytics';
import { PENDING_PLAIN_LINK_CLICK_KEY } from '@mesura/protocol';

interface KeptClick {
  href: string;
  map: ActivityMap;
  page: PageContext & { pageUrl: string };
}

/** Sends the kept click if the SDK's rules track it, and forgets it either way. */
export function sendPendingPlainLinkClick(analytics: Pick<Analytics, 'link'>, internalHosts: string[], storage: Storage = sessionStorage): void {
  try {
    const kept = storage.getItem(PENDING_PLAIN_LINK_CLICK_KEY);
    if (!kept) return;
    storage.removeItem(PENDING_PLAIN_LINK_CLICK_KEY);
    const { href, map, page } = JSON.parse(kept) as KeptClick;
    const kind = classifyLink(href, { pageUrl: page.pageUrl, internalHosts });
    if (kind !== 'download' && kind !== 'exit') return;
    const pendingClick = storage.getItem(PENDING_CLICK_KEY);
    analytics.link({
      linkType: kind === 'download' ? 'd' : 'e',
      linkUrl: href,
      linkText: map.link,
      variables: {},
      events: [],
      contextData: activityMapData(map, page.pageName, page.pageUrl),
      page,
    });
    if (pendingClick !== null) storage.setItem(PENDING_CLICK_KEY, pendingClick);
  } catch {
    // Blocked site data, or a value that is not what the head keeps: nothing to send.
  }
}
