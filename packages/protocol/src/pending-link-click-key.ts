/**
 * The session-storage key under which a site's head keeps the direct call of a tracked link
 * followed before its app took over, for the next page's SDK to make (`@mesura/sdk`
 * pending-link-click.ts). The head's capture is inlined into the page as source text, so it spells
 * the key out; the site's tests check that it writes this one.
 */
export const PENDING_LINK_CLICK_KEY = 'mesura_clic_pendent';

/**
 * The field of the kept call's detail that says on which page the link was clicked: `{ pageName,
 * pageUrl }`, the page's name as its data layer gives it (the server's first view puts it on the
 * root element) and its address. That page sent no page view (its app had not started), so the SDK
 * sends the link on it (`pageName`, `g`) rather than on the page it runs in. The site's capture
 * spells it out, as it does the key.
 */
export const PENDING_LINK_PAGE_FIELD = 'mesuraPage';

/**
 * The session-storage key under which a site's head keeps the last link clicked while /mesura.js
 * was not running, a link the page does not measure itself (no direct call): `{ href, map: { link,
 * region }, page: { pageName, pageUrl } }`. Only the SDK knows whether it is an exit or a download
 * link, so its activity-map module classifies it by its own rules once consent has loaded it
 * (`@mesura/sdk` pending-plain-link-click.ts). The site's capture spells it out.
 */
export const PENDING_PLAIN_LINK_CLICK_KEY = 'mesura_enllac_pendent';
