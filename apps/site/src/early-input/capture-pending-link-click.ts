/**
 * A tracked link clicked before the app takes over. The first view's links work at once, but the
 * direct call a tracked link sends (call-to-action.tsx's scClicBoto…) is the app's click handler:
 * before the app, the browser follows the link and the call is never made. The page's head runs
 * this (vite.config.ts inlines it beside capture-early-input.ts): it keeps the call in the tab's
 * session storage, and the SDK sends it on the next page as soon as consent allows it
 * (packages/sdk pending-link-click.ts), as the call the app would have made, on the page it was
 * clicked on. A link the page does not measure itself, followed while /mesura.js is not running
 * (before consent), is kept too, for the SDK to classify (an exit or a download link). Nothing is
 * sent here.
 */

/**
 * Starts keeping such clicks. Its source is inlined into the page as it is, so it refers to nothing
 * outside itself: the attributes are link-call-attributes.ts's, the key and the page's field are
 * @mesura/protocol's PENDING_LINK_CLICK_KEY, PENDING_LINK_PAGE_FIELD and PENDING_PLAIN_LINK_CLICK_KEY,
 * the consent cookie @mesura/consent's CONSENT_COOKIE_NAME, and the root's attributes
 * app.tsx's APP_READY_ATTRIBUTE and the server's PAGE_NAME_ATTRIBUTE (server/src/http/first-view.ts),
 * written out.
 */
export function capturePendingLinkClick(win: Window): void {
  win.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const root = win.document.getElementById('root');
      const url = win.location.href;
      // The page the link is sent on: its name as the server's first view gives it.
      const mesuraPage = { pageName: root?.getAttribute('data-mesura-page-name') ?? undefined, pageUrl: url };
      try {
        if (link.hasAttribute('data-mesura-detail')) {
          // Once the app runs, its own handler makes the call.
          if (root?.hasAttribute('data-app')) return;
          // The page's address and the link's, as the app's call gives them (direct-calls.ts sendDirectCall).
          const detail = { ...JSON.parse(link.getAttribute('data-mesura-detail') ?? '{}'), url, linkUrl: link.href, mesuraPage };
          // As the head snippet queues a call: the SDK replays it first (packages/sdk pending-link-click.ts).
          win.sessionStorage.setItem('mesura_clic_pendent', JSON.stringify(['track', link.getAttribute('data-mesura-call'), detail]));
        } else if (!link.hasAttribute('data-mesura-call')) keepPlainLinkClick(link, mesuraPage);
      } catch {
        // Without session storage (blocked site data) the click is not measured, as before.
      }
    },
    true,
  );

  /**
   * A link the page does not measure itself, clicked while /mesura.js is not running: the SDK's
   * activity-map module sends it if its rules track it, an exit or a download link (packages/sdk
   * pending-plain-link-click.ts). Kept only while the visitor may still consent (no stored choice)
   * or the stored choice allows web analytics (the head snippet's `a`): after a refusal nothing is kept.
   */
  function keepPlainLinkClick(link: HTMLAnchorElement, page: { pageName?: string; pageUrl: string }): void {
    const mesura = (win as { mesura?: { analytics?: unknown; a?: boolean } }).mesura;
    if (mesura?.analytics || !(mesura?.a || !/(^|;\s*)euconsent-v2=/.test(win.document.cookie))) return;
    // After the app's first page view the data layer names the page shown (a route change included).
    const pageName = (win as { mesuraData?: { page?: { pageName?: string } } }).mesuraData?.page?.pageName ?? page.pageName;
    // The ActivityMap of @mesura/analytics activityMapOf: the link's text, the nearest id above it.
    let region = 'BODY';
    for (let above = link.parentElement; above; above = above.parentElement)
      if (above.id) {
        region = above.id;
        break;
      }
    const text = (link.textContent || link.getAttribute('aria-label') || link.title).replace(/\s+/g, ' ').trim().slice(0, 100);
    win.sessionStorage.setItem('mesura_enllac_pendent', JSON.stringify({ href: link.href, map: { link: text, region }, page: { ...page, pageName } }));
  }
}
