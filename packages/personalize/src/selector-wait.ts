/**
 * Waiting for an action's element (spec §9 "selector polling timeout 5000 ms"): an answer may
 * come before the page has parsed the element it changes. The selector is looked for at once, then
 * on every change of the document (a MutationObserver), so that an element is found in the task
 * that inserts it and the offer is in place before the next paint: the body may be hidden
 * meanwhile. Where there is no MutationObserver, every SELECTOR_POLL_INTERVAL_MS instead.
 */
import { SELECTOR_POLL_INTERVAL_MS } from './constants.js';
import type { Clock } from './deps.js';

/**
 * What the observer watches: insertions anywhere, and attribute changes too, since a selector may
 * start matching when a class or id changes (polling saw those).
 */
const DOCUMENT_CHANGES: MutationObserverInit = { childList: true, subtree: true, attributes: true };

/** Every element matching `selector`; undefined when none appeared in time or the selector is invalid. */
export function waitForElements(doc: Document, selector: string, clock: Clock, timeoutMs: number): Promise<Element[] | undefined> {
  return new Promise((resolve) => {
    let timer: unknown;
    let observer: MutationObserver | undefined;
    const finish = (found: Element[] | undefined) => {
      clock.clearTimer(timer);
      observer?.disconnect();
      resolve(found);
    };
    /** Finishes when the elements are there, or when the selector is not one; says whether it did. */
    const look = (): boolean => {
      let found: NodeListOf<Element>;
      try {
        found = doc.querySelectorAll(selector);
      } catch {
        finish(undefined); // not a selector: waiting cannot help
        return true;
      }
      if (found.length > 0) finish(Array.from(found));
      return found.length > 0;
    };
    if (look()) return;
    const Observer = doc.defaultView?.MutationObserver;
    if (Observer) {
      observer = new Observer(() => void look());
      observer.observe(doc, DOCUMENT_CHANGES);
      timer = clock.setTimer(() => look() || finish(undefined), timeoutMs);
    } else poll(look, () => finish(undefined), clock, timeoutMs);
  });
}

/** The fallback: looks again every SELECTOR_POLL_INTERVAL_MS until `look` finishes or the time is up. */
function poll(look: () => boolean, giveUp: () => void, clock: Clock, timeoutMs: number): void {
  const startedMs = clock.now();
  const next = () => {
    const remainingMs = timeoutMs - (clock.now() - startedMs);
    if (remainingMs <= 0) giveUp();
    else clock.setTimer(() => look() || next(), Math.min(SELECTOR_POLL_INTERVAL_MS, remainingMs));
  };
  next();
}
