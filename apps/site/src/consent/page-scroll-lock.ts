/**
 * The class the page's root carries while locked: styles.css then fixes the consent banner to the
 * viewport, so that a switch scrolled into view inside it (by Tab, or a click on one half hidden)
 * scrolls the banner alone, never the page to the banner's place at its end.
 */
export const PAGE_SCROLL_LOCKED_CLASS = 'page-scroll-locked';

/**
 * Keeps the page behind the consent settings still while they are open: a visitor scrolling the
 * long list of purposes and vendors would otherwise scroll the page once the list ends (and on a
 * phone the page under the layer moves with every swipe). Returns the function that gives the page
 * its scroll back as it was.
 */
export function lockPageScroll(document: Document): () => void {
  const { documentElement, body } = document;
  const before = { root: documentElement.style.overflow, body: body.style.overflow };
  documentElement.style.overflow = 'hidden';
  body.style.overflow = 'hidden';
  documentElement.classList.add(PAGE_SCROLL_LOCKED_CLASS);
  return () => {
    documentElement.classList.remove(PAGE_SCROLL_LOCKED_CLASS);
    documentElement.style.overflow = before.root;
    body.style.overflow = before.body;
  };
}
