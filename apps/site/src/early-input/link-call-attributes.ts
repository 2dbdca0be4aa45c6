/**
 * The attributes that let the head's capture (capture-pending-link-click.ts) measure a tracked link
 * clicked before the app: the direct call it sends and that call's detail. `data-mesura-call` is
 * also @mesura/analytics' OWN_CALL_ATTRIBUTE, so the SDK's automatic link tracking does not count
 * the link a second time.
 */
import type { DirectCall, LinkCallDetail } from '../measurement/direct-calls';

export const LINK_CALL_ATTRIBUTE = 'data-mesura-call';
export const LINK_DETAIL_ATTRIBUTE = 'data-mesura-detail';

/**
 * The link's attributes for `call` with `detail`. The page's and the link's addresses are left out:
 * the capture takes them from the page and the link when clicked, as the app's call does.
 */
export function linkCallAttributes(call: DirectCall, detail: LinkCallDetail): Record<typeof LINK_CALL_ATTRIBUTE | typeof LINK_DETAIL_ATTRIBUTE, string> {
  const { url: _pageUrl, linkUrl: _linkUrl, ...rest } = detail;
  return { [LINK_CALL_ATTRIBUTE]: call, [LINK_DETAIL_ATTRIBUTE]: JSON.stringify(rest) };
}
