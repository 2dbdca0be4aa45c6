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
  return () => {
    documentElement.style.overflow = before.root;
    body.style.overflow = before.body;
  };
}
