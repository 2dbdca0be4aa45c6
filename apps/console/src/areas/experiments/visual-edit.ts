/**
 * The visual editor's plain changes, each made into the same action the form stores
 * (offer-action-draft.ts): the editor clicks an element, picks a change and gives its value.
 * Images, moves and hiding have no row kind of their own in the form: they are stored as the
 * protocol's setAttribute, rearrange or moveTo, and setStyle actions (kept-action-label.ts names
 * them in the form). Pure but for the rows' keys.
 */
import { destinationInside } from '@mesura/protocol';
import { formKey } from './form-key';
import type { MoveDestination, MovePlace } from './move-destination';
import type { ActionDraft } from './offer-action-draft';

export const VISUAL_EDITS = {
  text: 'Canvia el text',
  image: 'Canvia la imatge',
  insertBefore: 'Insereix abans',
  insertAfter: 'Insereix després',
  replace: 'Substitueix',
  hide: 'Amaga',
  color: 'Canvia el color',
  size: 'Canvia la mida del text',
  moveUp: 'Mou amunt',
  moveDown: 'Mou avall',
  move: 'Mou',
  redirect: 'Redirigeix a una pàgina del web',
} as const;

export type VisualEditKind = keyof typeof VISUAL_EDITS;

/** What each change asks for, in Catalan; undefined when it needs no value. */
export const VISUAL_EDIT_VALUE_LABELS: Partial<Record<VisualEditKind, string>> = {
  text: 'Text nou',
  image: 'Adreça de la imatge nova',
  insertBefore: 'HTML que cal inserir',
  insertAfter: 'HTML que cal inserir',
  replace: "HTML que substitueix l'element",
  color: 'Color (per exemple, #c00)',
  size: 'Mida (per exemple, 2rem)',
  redirect: 'Pàgina de destinació',
};

/** The element clicked: its selector, and for a move its parent's selector and its place among the parent's children. */
export interface TargetedElement {
  selector: string;
  parentSelector: string | undefined;
  index: number;
  siblings: number;
}

/** The changes that move the element to a place the editor clicks, anywhere in the page (move-destination.ts). */
export const MOVES_TO_A_CHOSEN_PLACE: readonly VisualEditKind[] = ['move'];

/** For «Mou»: the element clicked as the destination, and the place beside or inside it. */
export interface MoveTarget {
  destination: MoveDestination | undefined;
  place: MovePlace;
}

/**
 * The action a change makes, or the reason it cannot be made (in Catalan). `move`: for «Mou», the
 * destination chosen by a click in the page, and the place.
 */
export function actionForEdit(kind: VisualEditKind, target: TargetedElement, value: string, move?: MoveTarget): ActionDraft | string {
  const key = formKey();
  const { selector } = target;
  const needsValue = VISUAL_EDIT_VALUE_LABELS[kind] !== undefined;
  if (needsValue && value.trim() === '') return `Escriviu: ${VISUAL_EDIT_VALUE_LABELS[kind]!.toLowerCase()}.`;
  switch (kind) {
    case 'text':
      return { key, kind: 'text', selector, text: value };
    case 'image':
      return { key, kind: 'kept', action: { action: 'setAttribute', selector, content: { src: value.trim() } } };
    case 'insertBefore':
    case 'insertAfter':
      return { key, kind: 'html', selector, html: value, place: kind };
    case 'replace':
      return { key, kind: 'html', selector, html: value, place: 'replaceContent' };
    case 'hide':
      return { key, kind: 'style', selector, styles: [{ key: formKey(), property: 'display', value: 'none' }] };
    case 'color':
      return { key, kind: 'style', selector, styles: [{ key: formKey(), property: 'color', value: value.trim() }] };
    case 'size':
      return { key, kind: 'style', selector, styles: [{ key: formKey(), property: 'font-size', value: value.trim() }] };
    case 'moveUp':
    case 'moveDown': {
      const to = kind === 'moveUp' ? target.index - 1 : target.index + 1;
      if (target.parentSelector === undefined || to < 0 || to >= target.siblings) return kind === 'moveUp' ? "L'element ja és el primer." : "L'element ja és l'últim.";
      return { key, kind: 'kept', action: { action: 'rearrange', selector: target.parentSelector, content: { from: target.index, to } } };
    }
    case 'move': {
      if (target.parentSelector === undefined) return "Aquest element no es pot moure: és a l'arrel de la pàgina.";
      const destination = move?.destination;
      if (move === undefined || destination === undefined) return "Feu clic a la pàgina en l'element on ha d'anar.";
      // The server's check (@mesura/protocol moveToProblem) reads the selectors as written.
      if (destinationInside(selector, destination.selector)) return "Trieu un destí de fora de l'element que es mou.";
      return { key, kind: 'kept', action: { action: 'moveTo', selector, content: { destination: destination.selector, place: move.place } } };
    }
    case 'redirect':
      return { key, kind: 'redirect', url: value.trim() };
  }
}
