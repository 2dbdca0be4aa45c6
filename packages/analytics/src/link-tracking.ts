/**
 * The DOM adapter of automatic link tracking (spec §9 "download and external link tracking",
 * "activity map enabled"): one click listener on the document, for every link and button however
 * the page adds them. The decisions are classifyLink and activityMapOf; this file only reads the
 * click and calls the analytics.
 */
import { CLICKABLE, activityMapOf } from './activity-map.js';
import type { Analytics } from './analytics.js';
import { classifyLink, type LinkClassOptions } from './link-classifier.js';

export interface LinkTrackingOptions extends Omit<LinkClassOptions, 'pageUrl'> {
  analytics: Pick<Analytics, 'link' | 'rememberClick'>;
  /** Defaults to the global document. */
  document?: Document;
}

/** Marks a link whose click the page sends as a direct call of its own (apps/site DownloadLink, ShareMenu). */
export const OWN_CALL_ATTRIBUTE = 'data-mesura-call';

/**
 * Starts tracking clicks; returns the function that stops it. Downloads are sent as `lnk_d` and
 * exit links as `lnk_e`, each with its ActivityMap; any other click on a link or a button is
 * remembered for the next hit (Analytics.rememberClick), as are links marked OWN_CALL_ATTRIBUTE.
 */
export function installLinkTracking(options: LinkTrackingOptions): () => void {
  const doc = options.document ?? document;
  const onClick = (event: Event) => {
    const target = event.target as Element | null;
    const map = target?.closest ? activityMapOf(target) : undefined;
    if (!map) return;
    const href = target?.closest(CLICKABLE)?.getAttribute('href');
    const pageUrl = doc.location?.href ?? '';
    const kind = href ? classifyLink(href, { ...options, pageUrl }) : 'internal';
    // A link the page measures itself (a direct call such as scDescarregar) is not counted twice.
    const ownCall = target?.closest(`[${OWN_CALL_ATTRIBUTE}]`) != null;
    if ((kind === 'download' || kind === 'exit') && !ownCall) {
      options.analytics.link({
        linkType: kind === 'download' ? 'd' : 'e',
        linkUrl: new URL(href ?? '', pageUrl).href,
        linkText: map.link,
        variables: {},
        events: [],
        activityMap: map,
      });
    } else options.analytics.rememberClick(map);
  };
  // Capture: the click is seen before the page's own handlers, which may stop it from bubbling,
  // and before a tag's click rule sends a link hit that should carry this ActivityMap.
  doc.addEventListener('click', onClick, true);
  return () => doc.removeEventListener('click', onClick, true);
}
