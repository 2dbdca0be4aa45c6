/**
 * The `moveTo` action, Mesura's own beside wire-formats §3's (which leaves room: `{action,
 * selector, cssSelector, content, …}`): the element `selector` finds is moved to a place beside or
 * inside another element, anywhere on the page, that `content.destination` finds. `rearrange` only
 * moves a child among its parent's children. One shape check, run by the server that stores an
 * offer (server/src/decide/action-validation.ts); the client (packages/personalize
 * render-action.ts) checks again, on the page, that the destination is not inside the moved element.
 */

/** Where the element goes, member by member (the DOM methods of the same names). */
export const MOVE_PLACES = [
  /** Just before the destination, as its previous sibling. */
  'before',
  /** Just after the destination, as its next sibling. */
  'after',
  /** Inside the destination, as its first child. */
  'prepend',
  /** Inside the destination, as its last child. */
  'append',
] as const;

export type MovePlace = (typeof MOVE_PLACES)[number];

/** A moveTo action's content. */
export interface MoveToContent {
  /** The CSS selector of the element the moved one goes beside or into (its first match). */
  destination: string;
  place: MovePlace;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Control characters have no place in a selector and hide what a console shows. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Whether `destination`, read as written, names the moved element itself or an element inside it
 * (`selector` followed by a descendant or child combinator). Selectors that reach the same element
 * by other words are caught on the page, where the client compares the elements.
 */
export function destinationInside(selector: string, destination: string): boolean {
  const moved = selector.trim();
  const place = destination.trim();
  return place === moved || (place.startsWith(moved) && /^\s*>|^\s+[^\s>+~,]/.test(place.slice(moved.length)));
}

/**
 * The one-line reason a moveTo's content cannot be stored, or undefined. `label` names the action
 * (e.g. "offer o1 action 2 (moveTo)"); `selector` is the moved element's, when the action has one.
 */
export function moveToProblem(label: string, content: unknown, selector: string | undefined, maxSelectorChars: number): string | undefined {
  if (!isRecord(content)) return `${label} content must be {destination, place}`;
  const unknown = Object.keys(content).find((key) => key !== 'destination' && key !== 'place');
  if (unknown !== undefined) return `${label} content: unknown field ${JSON.stringify(unknown.slice(0, 60))}`;
  const { destination, place } = content;
  if (typeof destination !== 'string' || destination.trim() === '') return `${label} content.destination must be the CSS selector of the element it moves to`;
  if (destination.length > maxSelectorChars) return `${label} content.destination is longer than ${maxSelectorChars} characters`;
  if (CONTROL_CHARACTERS.test(destination)) return `${label} content.destination contains control characters`;
  if (!(MOVE_PLACES as readonly unknown[]).includes(place)) return `${label} content.place must be one of ${MOVE_PLACES.join(', ')}`;
  if (selector !== undefined && destinationInside(selector, destination)) {
    return `${label} content.destination is the moved element or inside it; choose an element outside ${JSON.stringify(selector.slice(0, 60))}`;
  }
  return undefined;
}
