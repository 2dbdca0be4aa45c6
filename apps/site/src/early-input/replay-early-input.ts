/**
 * The app's side of capture-early-input.ts: before the app replaces the first view, where each
 * waiting click or submit was (its element's place among the page's buttons or forms, and what it
 * reads); once the app has rendered the same page, the same control clicked or the same form
 * submitted, so that it does what it names and the app measures it.
 */
import { EARLY_INPUT_QUEUE, type EarlyInput, type EarlyInputWindow } from './capture-early-input';

/**
 * An early input located in the first view, to find again in the app's page: by what its element
 * reads and which of the page's elements reading the same it was. Not by its place among all the
 * page's buttons: the app's page has buttons the first view has as links (the phone menu's).
 */
export interface LocatedInput {
  kind: EarlyInput['kind'];
  /** What the element reads (a button) or the names of its fields (a form). */
  text: string;
  /** Its place among the page's elements of its kind that read the same. */
  nth: number;
  /** A submit's button, by what it reads (within its form). */
  submitterText?: string;
}

/**
 * The early input waiting in `container`, taken from the queue (it is not replayed twice) and
 * located there. What waits elsewhere stays for its own taker: the page's (app.tsx) and the consent
 * banner's (consent/mount-banner.tsx) start in either order.
 */
export function takeEarlyInput(win: EarlyInputWindow, container: Node & ParentNode): LocatedInput[] {
  const queue = win[EARLY_INPUT_QUEUE] ?? [];
  const waiting: EarlyInput[] = [];
  // In place: the head's capture keeps pushing onto this very array.
  for (let at = queue.length - 1; at >= 0; at--) if (container.contains(queue[at]!.target)) waiting.unshift(...queue.splice(at, 1));
  return waiting.flatMap((input): LocatedInput[] => {
    const text = readText(input.target);
    const nth = sameText(container, input.kind, text).indexOf(input.target);
    if (nth === -1) return [];
    return [{ kind: input.kind, text, nth, ...(input.submitter && { submitterText: readText(input.submitter) }) }];
  });
}

/** Clicks and submits the app's elements that `located` names; answers how many were replayed. */
export function replayEarlyInput(container: ParentNode, located: readonly LocatedInput[]): number {
  let replayed = 0;
  for (const input of located) {
    const element = sameText(container, input.kind, input.text)[input.nth];
    if (element === undefined) continue;
    if (element instanceof HTMLFormElement) {
      const submitter = [...element.querySelectorAll('button')].find((button) => readText(button) === input.submitterText);
      element.requestSubmit(submitter);
    } else if (element instanceof HTMLElement) element.click();
    replayed += 1;
  }
  return replayed;
}

function sameText(container: ParentNode, kind: EarlyInput['kind'], text: string): Element[] {
  return [...container.querySelectorAll(kind === 'click' ? 'button' : 'form')].filter((element) => readText(element) === text);
}

/** A button by what it reads; a form by its fields' names (its text may change as the app renders it). */
function readText(element: Element): string {
  if (element instanceof HTMLFormElement) return [...element.elements].map((field) => field.getAttribute('name') ?? '').join(',');
  return `${element.getAttribute('aria-label') ?? ''}|${element.textContent?.replace(/\s+/g, ' ').trim() ?? ''}`;
}
