/**
 * Keeping an applied offer for the page view. A page may render again the elements an offer
 * changed: the site's React replaces the server's first view with identical DOM just after the
 * offer was applied, which would paint the default content again. So the elements an action was
 * applied to are watched, and when one leaves the document the action is applied again to what its
 * selector matches now, in the MutationObserver's callback: a microtask after the change, before
 * the next paint. It is the same rendering: no events; a failure is only logged.
 */
import { REAPPLY_MAX_PER_ACTION } from './constants.js';
import type { PageLocation } from './deps.js';
import type { OfferAction } from './offer-actions.js';
import { applyToElements, type ActionResult, type ElementActionContext } from './render-action.js';

/** Applies an action to the elements its selector matched and, when that succeeds, keeps it. */
export type KeepingApply = (selector: string, action: OfferAction, elements: Element[], context: ElementActionContext) => ActionResult;

/** A render of `mbox` starts: it replaces what an earlier render of that mbox kept. */
export type OfferKeeper = (mbox: string | undefined) => KeepingApply;

/** Insertions and removals anywhere: a re-render replaces elements, it does not edit them. */
const DOCUMENT_TREE: MutationObserverInit = { childList: true, subtree: true };

/** Actions that take their own target out: its parent is watched instead, so that this is no re-render. */
const DETACHING = ['remove', 'replaceContent'];

/** Applies a kept action again if the page rendered its elements anew; says whether it is still kept. */
type KeptCheck = () => boolean;

export function createOfferKeeper(document: Document, location: Pick<PageLocation, 'href'>, warn: (message: string) => void): OfferKeeper {
  // By mbox, the last render's page view and its kept actions.
  const renders = new Map<string | undefined, [href: string, checks: KeptCheck[]]>();
  // One observer for every kept action, connected while one is kept.
  const observer = new MutationObserver(() => {
    let keeping = false;
    for (const [mbox, [href, checks]] of renders) {
      // A single-page-app navigation: the new view's renders keep what they apply.
      if (href !== location.href) renders.delete(mbox);
      else for (const check of checks) keeping = check() || keeping;
    }
    if (!keeping) observer.disconnect();
  });
  return (mbox) => {
    const checks: KeptCheck[] = [];
    renders.set(mbox, [location.href, checks]);
    return (selector, action, elements, context) => {
      // What the action was applied to or inserted that its selector matches: never its targets
      // again, so that it cannot loop on its own output.
      const seen = new WeakSet<Element>();
      // Its elements, or their parents for a detaching action: one leaving the document is a re-render.
      let watched: Node[] = [];
      let reapplied = 0;
      const apply = (targets: Element[]): ActionResult => {
        const watching = DETACHING.includes(action.action) ? targets.map((target) => target.parentNode ?? target) : targets;
        const result = applyToElements(action, targets, context);
        document.querySelectorAll(selector).forEach((element) => seen.add(element));
        watched = [...watched.filter((node) => node.isConnected), ...watching];
        return result;
      };
      const reapplyIfRerendered: KeptCheck = () => {
        if (reapplied >= REAPPLY_MAX_PER_ACTION) return false;
        if (watched.some((node) => !node.isConnected)) {
          try {
            // None yet: the page has not rendered them; the next change will tell.
            const fresh = [...document.querySelectorAll(selector)].filter((element) => !seen.has(element));
            if (fresh.length > 0) {
              reapplied += 1;
              const again = apply(fresh);
              if (!again.ok) warn(again.message);
            }
          } catch (error) {
            warn(String(error));
          }
        }
        return true;
      };
      const result = apply(elements);
      if (result.ok) {
        checks.push(reapplyIfRerendered);
        observer.observe(document, DOCUMENT_TREE);
      }
      return result;
    };
  };
}
