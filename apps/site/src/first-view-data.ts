import type { KnownData } from './routing/resolve-page';

/**
 * The loader data the server's first view was rendered with, handed to the browser in a JSON script
 * element, so that the app starts from the same content without asking the API again.
 */
export const FIRST_VIEW_DATA_ELEMENT_ID = 'mesura-first-view-data';

/** The element's markup: `<` is escaped so that no content can close the script element. */
export function firstViewDataElement(known: KnownData): string {
  const json = JSON.stringify(known).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${FIRST_VIEW_DATA_ELEMENT_ID}">${json}</script>`;
}

/** What the server put in the page; undefined when nothing (the page was rendered by the browser alone). */
export function readFirstViewData(document: Document): KnownData | undefined {
  const text = document.getElementById(FIRST_VIEW_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const known = JSON.parse(text) as Partial<KnownData>;
    return typeof known.href === 'string' ? { href: known.href, data: known.data } : undefined;
  } catch {
    // A page without usable data still works: the app loads it.
    return undefined;
  }
}
