/**
 * ActivityMap (spec §9 "activity map enabled"): which link of the page was clicked, and in which
 * region, as the context data the commercial library sends (`a.activitymap.page`, `.link`,
 * `.region`, `.pageIDType`, wire-formats §1). `activityMapOf` reads the element; `activityMapData`
 * adds the page and writes the context data.
 */
import { ACTIVITY_MAP_DEFAULT_REGION, ACTIVITY_MAP_LINK_MAX_CHARS, ACTIVITY_MAP_PAGE_NAME, ACTIVITY_MAP_PAGE_URL } from './constants.js';

/** What the click was on. */
export interface ActivityMap {
  /** The link's or button's text (else its aria-label, value or title), trimmed, ≤ 100 chars. */
  link: string;
  /** The id of the nearest ancestor with an id, else 'BODY'. */
  region: string;
}

/** What ActivityMap counts as clicked: links and buttons, whatever inside them was hit. */
export const CLICKABLE = 'a[href],area[href],button,input[type=button],input[type=submit],[role=button]';

/** The ActivityMap of a click on `target`, or undefined when it is not on a link or a button. */
export function activityMapOf(target: Element): ActivityMap | undefined {
  const element = target.closest(CLICKABLE);
  if (!element) return undefined;
  // textContent rather than innerText: innerText forces a layout on every click.
  const label =
    [element.textContent, element.getAttribute('aria-label'), element.getAttribute('value'), element.getAttribute('title')]
      .map((candidate) => (candidate ?? '').replace(/\s+/g, ' ').trim())
      .find(Boolean) ?? '';

  let region = ACTIVITY_MAP_DEFAULT_REGION;
  for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
    if (ancestor.id) {
      region = ancestor.id;
      break;
    }
  }
  return { link: label.slice(0, ACTIVITY_MAP_LINK_MAX_CHARS), region };
}

/**
 * The context data of a click on the page named `pageName` (or, before the page has a name, at
 * `pageUrl`): `pageIDType` says which of the two `page` holds.
 */
export function activityMapData(map: ActivityMap, pageName: string | undefined, pageUrl: string | undefined): Record<string, string> {
  return {
    'a.activitymap.page': pageName || pageUrl || '',
    'a.activitymap.link': map.link,
    'a.activitymap.region': map.region,
    'a.activitymap.pageIDType': pageName ? ACTIVITY_MAP_PAGE_NAME : ACTIVITY_MAP_PAGE_URL,
  };
}
