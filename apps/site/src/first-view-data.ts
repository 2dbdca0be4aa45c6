import type { HydrationState } from 'react-router';

/**
 * The loader data the server's first view was rendered with, handed to the browser's router in a
 * JSON script element, so that the app starts from the same content without asking the API again.
 */
export const FIRST_VIEW_DATA_ELEMENT_ID = 'mesura-first-view-data';

/** The element's markup: `<` is escaped so that no content can close the script element. */
export function firstViewDataElement(loaderData: HydrationState['loaderData']): string {
  const json = JSON.stringify(loaderData).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${FIRST_VIEW_DATA_ELEMENT_ID}">${json}</script>`;
}

/** What the server put in the page; undefined when nothing (the page was rendered by the browser alone). */
export function readFirstViewData(document: Document): HydrationState | undefined {
  const text = document.getElementById(FIRST_VIEW_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return { loaderData: JSON.parse(text) as HydrationState['loaderData'] };
  } catch {
    // A page without usable data still works: the router loads it.
    return undefined;
  }
}
