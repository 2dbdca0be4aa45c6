/**
 * A tracked link clicked before the app takes over. The first view's links work at once, but the
 * direct call a tracked link sends (call-to-action.tsx's scClicBoto…) is the app's click handler:
 * before the app, the browser follows the link and the call is never made. The page's head runs
 * this (vite.config.ts inlines it beside capture-early-input.ts): it keeps the call in the tab's
 * session storage, and the SDK sends it on the next page as soon as consent allows it
 * (packages/sdk pending-link-click.ts), as the call the app would have made, on the page it was
 * clicked on. The link's ActivityMap, and a link the page does not measure itself, are
 * capture-pending-activity-map.ts's. Nothing is sent here.
 */

/**
 * Starts keeping such clicks. Its source is inlined into the page as it is, so it refers to nothing
 * outside itself: the attributes are link-call-attributes.ts's, the key and the page's field are
 * @mesura/protocol's PENDING_LINK_CLICK_KEY and PENDING_LINK_PAGE_FIELD, and the root's attributes
 * app.tsx's APP_READY_ATTRIBUTE and the server's PAGE_NAME_ATTRIBUTE (server/src/http/first-view.ts),
 * written out.
 */
export function capturePendingLinkClick(win: Window): void {
  win.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href][data-mesura-detail]') : null;
      const root = win.document.getElementById('root');
      // Once the app runs, its own handler makes the call.
      if (!(link instanceof HTMLAnchorElement) || root?.hasAttribute('data-app')) return;
      const url = win.location.href;
      // The page the link is sent on: its name as the server's first view gives it.
      const mesuraPage = { pageName: root?.getAttribute('data-mesura-page-name') ?? undefined, pageUrl: url };
      try {
        // The page's address and the link's, as the app's call gives them (direct-calls.ts sendDirectCall).
        const detail = { ...JSON.parse(link.getAttribute('data-mesura-detail') ?? '{}'), url, linkUrl: link.href, mesuraPage };
        // As the head snippet queues a call: the SDK replays it first (packages/sdk pending-link-click.ts).
        win.sessionStorage.setItem('mesura_clic_pendent', JSON.stringify(['track', link.getAttribute('data-mesura-call'), detail]));
      } catch {
        // Without session storage (blocked site data) the click is not measured, as before.
      }
    },
    true,
  );
}
