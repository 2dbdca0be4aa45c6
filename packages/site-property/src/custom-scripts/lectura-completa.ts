/**
 * Custom script `lectura-completa.js` of the site's property (tag-library.ts SITE_CUSTOM_SCRIPTS),
 * loaded from the asset host under web-analytics consent: when the end of an article
 * (`article.article`, apps/site article-page.tsx) comes into view, one link track
 * `lectura completa` goes out through /mesura.js's analytics (consent-gated there too), so that
 * reports tell articles read to the end from articles opened. Each article counts once per address:
 * a single-page app's next article, a new element or the same one re-rendered at a new address, is
 * found as nodes are added.
 */

/** The element whose last child marks the end of an article. */
export const ARTICLE_SELECTOR = 'article.article';
/** The link name of the hit. */
export const READ_TO_END_LINK_NAME = 'lectura completa';

export interface ReadToEndEnv {
  /** Where articles appear: the page's body. */
  root: Pick<ParentNode, 'querySelectorAll'>;
  /** Calls `onAdded` whenever nodes are added under the root (a MutationObserver in the browser). */
  watch(onAdded: () => void): void;
  /** Calls `onSeen` once `element` is in view (an IntersectionObserver in the browser). */
  whenSeen(element: Element, onSeen: () => void): void;
  /** Sends the link track (window.mesura.analytics.link). */
  send(input: { linkName: string; linkUrl: string; variables: Record<string, string>; events: string[] }): void;
  /** The page's address now. */
  href(): string;
}

export function startReadToEnd(env: ReadToEndEnv): void {
  /** The address each article element was followed at. */
  const followed = new WeakMap<Element, string>();
  const follow = () => {
    const href = env.href();
    for (const article of env.root.querySelectorAll(ARTICLE_SELECTOR)) {
      const end = article.lastElementChild;
      if (!end || followed.get(article) === href) continue;
      followed.set(article, href);
      env.whenSeen(end, () => env.send({ linkName: READ_TO_END_LINK_NAME, linkUrl: href, variables: {}, events: [] }));
    }
  };
  follow();
  env.watch(follow);
}
