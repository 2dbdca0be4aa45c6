/**
 * Waiting for an action's element (spec §9 "selector polling timeout 5000 ms"): an answer may
 * come before the page has parsed the element it changes, so the selector is looked for at once,
 * then every SELECTOR_POLL_INTERVAL_MS until found or the timeout passes.
 */
import { SELECTOR_POLL_INTERVAL_MS } from './constants.js';
import type { Clock } from './deps.js';

/** Every element matching `selector`; undefined when none appeared in time or the selector is invalid. */
export function waitForElements(doc: Document, selector: string, clock: Clock, timeoutMs: number): Promise<Element[] | undefined> {
  const startedMs = clock.now();
  return new Promise((resolve) => {
    const look = () => {
      let found: Element[];
      try {
        found = Array.from(doc.querySelectorAll(selector));
      } catch {
        return resolve(undefined); // not a selector: waiting cannot help
      }
      if (found.length > 0) return resolve(found);
      const remainingMs = timeoutMs - (clock.now() - startedMs);
      if (remainingMs <= 0) return resolve(undefined);
      clock.setTimer(look, Math.min(SELECTOR_POLL_INTERVAL_MS, remainingMs));
    };
    look();
  });
}
