/**
 * Hiding the content until offers render (spec §4, §9 "body-hiding style opacity 0"): one
 * `<style id="mesura-personalize-hiding">` in head, present while any hold lasts. Each hold ends
 * when its flow calls release, or after BODY_HIDDEN_TIMEOUT_MS, whichever comes first; so the page
 * is shown again on success, failure and timeout alike.
 */
import { BODY_HIDDEN_TIMEOUT_MS, BODY_HIDING_CSS, HIDING_STYLE_ID } from './constants.js';
import type { Clock } from './deps.js';

export interface Hiding {
  /** Hides (if not already) until the returned release is called or the timeout passes. */
  hold(): () => void;
  /** A style the head snippet added before first paint, as a hold; undefined when there is none. */
  adopt(): (() => void) | undefined;
  /** Shows at once, ending every hold. */
  show(): void;
}

/** The page's document and the client's clock (deps.ts). */
export type HidingDeps = Clock & { document: Document };

/** The hiding rule: the body, or only the given selectors. */
export function hidingCss(selectors?: readonly string[]): string {
  return selectors && selectors.length > 0 ? `${selectors.join(', ')} {opacity: 0 !important}` : BODY_HIDING_CSS;
}

/**
 * `selectors`: what to hide instead of the body (default the body); each hold lasts
 * BODY_HIDDEN_TIMEOUT_MS at most.
 */
export function createHiding(deps: HidingDeps, selectors: readonly string[] | undefined): Hiding {
  const { document: doc } = deps;
  const clock: Clock = deps;
  // Each hold's release, with its timer.
  const holds = new Map<() => void, unknown>();
  const style = () => doc.getElementById(HIDING_STYLE_ID);

  const startHold = () => {
    const release = () => {
      if (!holds.has(release)) return;
      clock.clearTimer(holds.get(release));
      holds.delete(release);
      if (holds.size === 0) style()?.remove();
    };
    holds.set(release, clock.setTimer(release, BODY_HIDDEN_TIMEOUT_MS));
    return release;
  };

  return {
    hold() {
      if (!style()) {
        const element = doc.createElement('style');
        element.id = HIDING_STYLE_ID;
        element.textContent = hidingCss(selectors);
        (doc.head ?? doc.documentElement).appendChild(element);
      }
      return startHold();
    },
    adopt: () => (style() ? startHold() : undefined),
    show() {
      for (const timer of holds.values()) clock.clearTimer(timer);
      holds.clear();
      style()?.remove();
    },
  };
}
