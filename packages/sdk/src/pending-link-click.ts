/**
 * A tracked link clicked on the previous page before its app took over (apps/site
 * early-input/capture-pending-link-click.ts): the browser followed the link before any code could
 * make its direct call, so the page's head kept the call in the tab's session storage, as the
 * snippet queues a call (`['track', name, detail]`, command-queue.ts). When this page's SDK opens
 * with measuring allowed, the call goes first into the replay of the snippet's queue, with no data
 * layer (it is the previous page's click, not this page's) and the detail the site's app would have
 * given it, the previous page's address among them. That page sent no page view, so the detail also
 * names it (`PENDING_LINK_PAGE_FIELD`: its name from the server's first view, its address) and the
 * link hit goes out on it (start.ts sendLink). Until consent allows measuring it stays in the tab,
 * for a later page; it is made once.
 */
import { PENDING_LINK_CLICK_KEY } from '@mesura/protocol';
import type { QueuedCall, SnippetQueue } from './command-queue.js';

/** The calls to replay: the kept call first when `allowed`, taken out of the tab's storage, then `queue`'s. */
export function withPendingLinkClick(queue: SnippetQueue | undefined, allowed: boolean): SnippetQueue | undefined {
  try {
    const kept = allowed && sessionStorage.getItem(PENDING_LINK_CLICK_KEY);
    if (kept) {
      sessionStorage.removeItem(PENDING_LINK_CLICK_KEY);
      const call = JSON.parse(kept) as QueuedCall;
      // A track call only; replayQueue checks its name.
      // Its page has no data layer here, and its address goes in its detail.
      if (call[0] === 'track') return { q: [call, ...(queue?.q ?? [])], s: [{}, ...(queue?.s ?? [])] };
    }
  } catch {
    // Blocked site data, or a value that is not JSON: nothing to send.
  }
  return queue;
}
