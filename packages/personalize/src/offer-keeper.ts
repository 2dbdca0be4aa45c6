/**
 * Keeping an applied offer for the page view. A page may render again the elements an offer
 * changed: the site's React replaces the server's first view with identical DOM just after the
 * offer was applied, which would paint the default content again. So the elements an action was
 * applied to are watched, and when the page renders them anew the action is applied again to what
 * its selector matches now, in the MutationObserver's callback: a microtask after the change, before
 * the next paint. It is the same rendering: no events; a failure is only logged. The page view is
 * the address without its fragment: an in-page link (the skip link) does not end it. Trusted
 * offers (trusted-html.ts) are applied once only.
 */
import { REAPPLY_MAX_PER_ACTION } from './constants.js';
import { thrownText } from './errors.js';
import type { PageLocation } from './deps.js';
import type { OfferAction } from './offer-actions.js';
import { applyToElements, type ActionResult, type ElementActionContext } from './render-action.js';

/** Applies an action to the elements its selector matched and, when that succeeds, keeps it. */
export type KeepingApply = (selector: string, action: OfferAction, elements: Element[], context: ElementActionContext) => ActionResult;

/** A render of `mbox` starts: it replaces what an earlier render of that mbox kept. */
export type OfferKeeper = (mbox: string | undefined) => KeepingApply;

/** Insertions and removals anywhere: a re-render replaces elements, it does not edit them. */
const DOCUMENT_TREE: MutationObserverInit = { childList: true, subtree: true };

/**
 * Actions that take their own target out: its parent is watched instead, so that their own removal
 * is no re-render, and a match that comes back inside it is one.
 */
const DETACHING = ['remove', 'replaceContent'];

/** Actions whose nodes go beside the target: what they inserted before goes before they insert again. */
const BESIDE = ['replaceContent', 'insertBefore', 'insertAfter'];

/** Applies a kept action again if the page rendered its elements anew; says whether it is still kept. */
type KeptCheck = () => boolean;

export function createOfferKeeper(document: Document, location: Pick<PageLocation, 'href'>, warn: (message: string) => void): OfferKeeper {
  const pageView = () => location.href.split('#')[0];
  // By mbox (a render without one is its own), the last render's page view and its kept actions.
  const renders = new Map<unknown, [view: string | undefined, checks: KeptCheck[]]>();
  // One observer for every kept action, connected while one is kept.
  const observer = new MutationObserver(() => {
    let keeping = false;
    renders.forEach(([view, checks], key) => {
      // A single-page-app navigation: the new view's renders keep what they apply.
      if (view !== pageView()) renders.delete(key);
      else for (const check of checks) keeping = check() || keeping;
    });
    if (!keeping) observer.disconnect();
  });
  return (mbox) => {
    const checks: KeptCheck[] = [];
    renders.set(mbox ?? {}, [pageView(), checks]);
    return (selector, action, elements, context) => {
      const detaching = DETACHING.includes(action.action);
      // What the action was applied to or inserted that its selector matches: never its targets
      // again, so that it cannot loop on its own output.
      const seen = new WeakSet<Element>();
      const inserted: ChildNode[] = [];
      // Its elements, or their parents for a detaching action.
      let watched: Node[] = [];
      let left = REAPPLY_MAX_PER_ACTION;
      const apply = (targets: Element[]): ActionResult => {
        // Taken before the action takes its targets out.
        const watching = targets.map((target) => (detaching ? (target.parentNode ?? target) : target));
        if (BESIDE.includes(action.action)) inserted.splice(0).forEach((node) => node.remove());
        const result = applyToElements(action, targets, { ...context, inserted });
        document.querySelectorAll(selector).forEach((element) => seen.add(element));
        watched = [...watched.filter((node) => node.isConnected), ...watching];
        return result;
      };
      const result = apply(elements);
      // A trusted offer runs once: its scripts would run again (a second beacon; a `const` declared twice throws).
      if (result.ok && !context.trusted) {
        checks.push(() => {
          if (!left) return false;
          try {
            // A watched element gone is a re-render; so is, for a detaching action, a match come back into a watched parent.
            const rerendered = watched.some((node) => !node.isConnected);
            const fresh = [...document.querySelectorAll(selector)].filter((element) => !seen.has(element) && (rerendered || (detaching && watched.some((node) => node.contains(element)))));
            if (fresh.length > 0) {
              left -= 1;
              const again = apply(fresh);
              if (!again.ok) warn(again.message);
            }
          } catch (error) {
            warn(thrownText(error));
          }
          return true;
        });
        observer.observe(document, DOCUMENT_TREE);
      }
      return result;
    };
  };
}
