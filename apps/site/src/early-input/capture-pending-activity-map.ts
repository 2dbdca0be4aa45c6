/**
 * What the SDK's activity-map module notes of a link click (packages/analytics link-tracking.ts),
 * for a link clicked while /mesura.js is not running: before consent, or before it loaded. The
 * page's head runs this (vite.config.ts inlines it beside capture-pending-link-click.ts); nothing
 * is sent here, and nothing is kept once the visitor has refused web analytics. As the module
 * would, by the SDK's rules (link-classifier.ts):
 * - an exit or download link the page does not measure itself gets a hit of its own: it is kept
 *   under `mesura_enllac_pendent` (@mesura/protocol PENDING_PLAIN_LINK_CLICK_KEY) for the module,
 *   which sends it on the page it was clicked on (packages/sdk pending-plain-link-click.ts);
 * - any other link (one within the site, a `mailto:`, or a link that makes a direct call of its
 *   own) is remembered for the next hit, as `Analytics.rememberClick` does: its ActivityMap context
 *   data under `mesura_click` (@mesura/analytics PENDING_CLICK_KEY), which /mesura.js's next page
 *   view or link takes. That next hit must be the one that follows the click: while the app runs
 *   without the SDK, the page views it made wait in the head snippet's queue, and the SDK replays
 *   them first. So a click made after queued page views waits here until the SDK has replayed the
 *   last of them (its `mesura:page-view` event, @mesura/site-property PAGE_VIEW_EVENT), or, if the
 *   page is left first, until then (`pagehide`).
 */

/**
 * Starts keeping such clicks. Its source is inlined into the page as it is, so it refers to nothing
 * outside itself: the keys, the event and the page view's call (apps/site measurement/constants.ts
 * PAGE_VIEW_CALL) are written out, the consent cookie is @mesura/consent's CONSENT_COOKIE_NAME, the
 * root's attributes app.tsx's APP_READY_ATTRIBUTE and the server's PAGE_NAME_ATTRIBUTE
 * (server/src/http/first-view.ts), and the download extensions @mesura/analytics'
 * DEFAULT_DOWNLOAD_EXTENSIONS, the ones the activity-map module classifies by.
 */
export function capturePendingActivityMap(win: Window): void {
  const mesura = () => (win as { mesura?: { q?: unknown[][]; a?: boolean; analytics?: unknown } }).mesura;
  // The stored choice allows web analytics (the head snippet's `a`), or the visitor has not chosen yet.
  const allowed = () => mesura()?.a || !/(^|;\s*)euconsent-v2=/.test(win.document.cookie);
  const storage = (): Storage | undefined => {
    try {
      return win.sessionStorage;
    } catch {
      // Blocked site data: the click is not measured, as before.
    }
  };
  const store = (key: string, value?: string) => {
    try {
      if (value === undefined) storage()?.removeItem(key);
      else storage()?.setItem(key, value);
    } catch {}
  };
  /** ActivityMap context data of a click, by the number of page views the snippet's queue held before it. */
  const waiting: Record<number, string> = {};
  const queuedPageViews = () => (mesura()?.q ?? []).filter((call) => call[1] === 'scPageView').length;
  // A tracked link's call kept for the next page (capture-pending-link-click.ts) takes the pending
  // click with its link hit (packages/sdk pending-link-click.ts): only its own click may wait with it.
  const remember = (data: string | undefined, ownCall: boolean) => void (data && (ownCall || !storage()?.getItem('mesura_clic_pendent')) && store('mesura_click', data));

  // After a refusal nothing of an earlier click is kept, for a later consent to send.
  if (!allowed()) for (const key of ['mesura_click', 'mesura_enllac_pendent']) store(key);
  let replayed = 0;
  // The SDK replays a kept call before the queued page views: none waits any more.
  win.addEventListener('mesura:page-view', () => remember(waiting[++replayed], true));
  // Left before the SDK ran here: the click made after the last queued page view waits for the next page's.
  win.addEventListener('pagehide', () => void (!mesura()?.analytics && allowed() && remember(waiting[queuedPageViews()], false)));
  win.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || mesura()?.analytics || !allowed()) return;
      const host = win.location.hostname;
      const ownCall = link.hasAttribute('data-mesura-call');
      // After the app's first page view the data layer names the page shown (a route change included).
      const dataLayer = (win as { mesuraData?: { page?: { pageName?: string } } }).mesuraData;
      const pageName = dataLayer?.page?.pageName ?? win.document.getElementById('root')?.getAttribute('data-mesura-page-name') ?? undefined;
      const pageUrl = win.location.href;
      // @mesura/analytics activityMapOf: the first of its text, label, value and title; the nearest id above it.
      const labels = [link.textContent, link.getAttribute('aria-label'), link.getAttribute('value'), link.title];
      const map = { link: (labels.map((label) => (label ?? '').replace(/\s+/g, ' ').trim()).find(Boolean) ?? '').slice(0, 100), region: 'BODY' };
      for (let above = link.parentElement; above; above = above.parentElement)
        if (above.id) {
          map.region = above.id;
          break;
        }
      const download = /\.(pdf|docx?|xlsx?|pptx?|zip|rar|exe|mp3|mp4|m4a|wav|mov|avi|csv|txt|epub|srt|vtt)$/i.test(link.pathname);
      const exit = !(link.hostname === host || link.hostname.endsWith(`.${host}`));
      if (/^https?:$/.test(link.protocol) && (download || exit) && !ownCall) return store('mesura_enllac_pendent', JSON.stringify({ href: link.href, map, page: { pageName, pageUrl } }));
      // @mesura/analytics activityMapData, on the page shown: by its name, else by its address.
      const data = JSON.stringify({ 'a.activitymap.page': pageName || pageUrl, 'a.activitymap.link': map.link, 'a.activitymap.region': map.region, 'a.activitymap.pageIDType': pageName ? '1' : '0' });
      const before = queuedPageViews();
      if (before > 0) waiting[before] = data;
      else remember(data, ownCall);
    },
    true,
  );
}
