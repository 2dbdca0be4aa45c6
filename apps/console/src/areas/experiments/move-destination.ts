/**
 * A move to a place the editor clicks in the page: the element goes just before or just after
 * another one. The protocol moves an element among its parent's children (`rearrange`, from one
 * position to another, as the site's SDK applies it), so the place is a sibling: a click inside a
 * sibling (its headline, a link in it) chooses that sibling.
 */

/** Where the moved element goes, beside the chosen sibling. */
export type MovePlace = 'before' | 'after';

/** The chosen place: the sibling's position among the parent's children, and its selector to show. */
export interface MoveDestination {
  index: number;
  selector: string;
}

/**
 * The child of `moving`'s parent that holds `clicked` (or is it), other than `moving` itself; or
 * the reason in Catalan that the click chose none.
 */
export function siblingHolding(moving: Element, clicked: Element): Element | string {
  const parent = moving.parentElement;
  let at: Element | null = clicked;
  while (at !== null && at.parentElement !== parent) at = at.parentElement;
  if (at === null || parent === null) return "Trieu un element del mateix bloc que l'element que es mou (o un de dins seu).";
  if (at === moving || moving.contains(clicked)) return 'Trieu un altre element: aquest és el que es mou.';
  return at;
}

/**
 * The position `rearrange` moves the element to, from position `from`, so that it ends just
 * `place` the sibling now at `sibling`: the SDK takes the element out and puts it back at `to`,
 * so a sibling after it moves one place towards the start. Undefined when it is there already.
 */
export function rearrangeTarget(from: number, sibling: number, place: MovePlace): number | undefined {
  const to = sibling > from ? (place === 'before' ? sibling - 1 : sibling) : place === 'before' ? sibling : sibling + 1;
  return to === from ? undefined : to;
}
