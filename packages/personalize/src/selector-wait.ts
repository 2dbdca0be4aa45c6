/**
 * Waiting for an action's element (spec §9 "selector polling timeout 5000 ms"): an answer may
 * come before the page has parsed the element it changes. The selector is looked for at once, then
 * on every change of the document (a MutationObserver, which every browser running this bundle's
 * syntax has), so that an element is found in the task that inserts it and the offer is in place
 * before the next paint: the body may be hidden meanwhile. A last look at the timeout catches a
 * selector that started matching without a change of the document (`:checked`, `:hover`).
 */
import type { Clock } from './deps.js';

/**
 * What the observer watches: insertions anywhere, and attribute changes too, since a selector may
 * start matching when a class or id changes.
 */
const DOCUMENT_CHANGES: MutationObserverInit = { childList: true, subtree: true, attributes: true };

/**
 * Whether an element matching `selector` is there, or appears within `timeoutMs`; false for a
 * selector that is not one. The caller looks the elements up when it applies the action, since an
 * earlier action of the offer may have replaced them meanwhile.
 */
export function waitForSelector(doc: Document, selector: string, clock: Clock, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let timer: unknown;
    let observer: MutationObserver | undefined;
    const finish = (found: boolean) => {
      clock.clearTimer(timer);
      observer?.disconnect();
      resolve(found);
    };
    /** Finishes when the elements are there, or when the selector is not one; says whether it did. */
    const look = (): boolean => {
      let found: boolean;
      try {
        found = doc.querySelector(selector) !== null;
      } catch {
        finish(false); // not a selector: waiting cannot help
        return true;
      }
      if (found) finish(true);
      return found;
    };
    if (look()) return;
    observer = new MutationObserver(() => void look());
    observer.observe(doc, DOCUMENT_CHANGES);
    timer = clock.setTimer(() => look() || finish(false), timeoutMs);
  });
}
