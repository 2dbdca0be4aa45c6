/**
 * A move to a place the editor clicks anywhere in the page: the element goes before or after the
 * clicked element, or into it as its first or last child, stored as the protocol's `moveTo`
 * (@mesura/protocol move-to-action.ts, which the site's personalisation client applies). «Mou amunt»
 * and «Mou avall» stay among the element's siblings (`rearrange`, visual-edit.ts). Pure.
 */
import { MOVE_PLACES, type MovePlace } from '@mesura/protocol';

export { MOVE_PLACES, type MovePlace };

/** Each place, in Catalan, as a sentence says it: «Mou «.avis» abans de «h1»». */
export const MOVE_PLACE_WORDS: Record<MovePlace, string> = {
  before: 'abans de',
  after: 'després de',
  prepend: 'al principi de',
  append: 'al final de',
};

/** Each place as the editor picks it, after clicking the destination. */
export const MOVE_PLACE_LABELS: Record<MovePlace, string> = {
  before: 'Abans',
  after: 'Després',
  prepend: 'Al principi de',
  append: 'Al final de',
};

/** The chosen place: the clicked element's stable selector (stable-selector.ts). */
export interface MoveDestination {
  selector: string;
}

/** The tags a click on the page's background reaches: no element goes beside them. */
const BACKGROUND = ['HTML', 'BODY', 'HEAD'];

/** Why `clicked` cannot be where `moving` goes (in Catalan), or undefined when it can. */
export function destinationProblem(moving: Element, clicked: Element): string | undefined {
  if (moving === clicked || moving.contains(clicked)) return 'Trieu un altre element: aquest és el que es mou, o és a dins seu.';
  if (BACKGROUND.includes(clicked.tagName)) return 'Trieu un element de la pàgina, no el fons: feu clic en un títol, un paràgraf o un bloc.';
  return undefined;
}
