import type { PageRoute } from './page-data';

/**
 * Lets exactly one page view through per navigation. React may run an effect more than once for
 * the same navigation (StrictMode's double effects, re-renders that recreate the route object, two
 * components asking for the same view), and each extra `scPageView` would be counted as a page.
 * A navigation is identified by its history-entry key, which the router renews on every push or
 * replace — including a click on the link of the page already shown — and restores on back/forward.
 */
export interface PageViewGate {
  /** True the first time a navigation key is seen in a row; false for repeats of the same key. */
  claim(navigationKey: string): boolean;
  /**
   * Told of the page rendered, while it renders: the server's first view, which runs no effect,
   * learns the page's name from it (first-view.tsx). The browser's gate has none.
   */
  rendered?(route: PageRoute): void;
}

export function createPageViewGate(): PageViewGate {
  let lastKey: string | undefined;
  return {
    claim(navigationKey) {
      if (navigationKey === lastKey) return false;
      lastKey = navigationKey;
      return true;
    },
  };
}
