/**
 * A link the previous page's visitor followed while /mesura.js was not running there (before consent,
 * or before it had loaded), one the page does not measure itself: the site's head kept it
 * (apps/site early-input/capture-pending-link-click.ts). Only the SDK's rules say what it was:
 * an exit or download link goes out now, as the link hit installLinkTracking would have sent, on
 * the page it was clicked on, with its ActivityMap. An internal link is dropped: the page view its
 * ActivityMap belonged with has been sent by the time this module runs. Run by the activity-map
 * module, which the property loads only once web-analytics consent holds; taken once.
 */
import { activityMapData, classifyLink, type ActivityMap, type Analytics, type PageContext } from '@mesura/analytics';
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
    analytics.link({
      linkType: kind === 'download' ? 'd' : 'e',
      linkUrl: href,
      linkText: map.link,
      variables: {},
      events: [],
      contextData: activityMapData(map, page.pageName, page.pageUrl),
      page,
    });
  } catch {
    // Blocked site data, or a value that is not what the head keeps: nothing to send.
  }
}
