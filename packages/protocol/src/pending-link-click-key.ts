/**
 * The session-storage key under which a site's head keeps the direct call of a tracked link
 * followed before its app took over, for the next page's SDK to make (`@mesura/sdk`
 * pending-link-click.ts). The head's capture is inlined into the page as source text, so it spells
 * the key out; the site's tests check that it writes this one.
 */
export const PENDING_LINK_CLICK_KEY = 'mesura_clic_pendent';
