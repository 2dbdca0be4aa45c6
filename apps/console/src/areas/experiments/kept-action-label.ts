/**
 * The Catalan words for an action the form keeps whole rather than edits (offer-action-draft.ts's
 * `kept`): the visual editor's moves and images, and actions written through the API. The form's
 * list of changes shows the title and the sentence, so that no editor reads `moveTo` or
 * `rearrange`. Pure.
 */
import { MOVE_PLACES, type DeliveryAction } from '@mesura/protocol';
import { MOVE_PLACE_WORDS } from './move-destination';

const TITLES: Partial<Record<DeliveryAction['action'], string>> = {
  moveTo: "Mou l'element",
  rearrange: "Reordena dins d'un bloc",
  setAttribute: 'Canvia un atribut',
  remove: "Treu l'element",
  setJson: 'Dades JSON',
  trackClick: 'Compta els clics',
};

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const selectorOf = (action: DeliveryAction) => String(action.cssSelector ?? action.selector ?? '');

/** The change's name in the form's list: «Mou l'element», or the API's name for a type it has no words for. */
export function keptActionTitle(action: DeliveryAction): string {
  if (action.action === 'setAttribute' && Object.keys(record(action.content)).join() === 'src') return 'Canvia la imatge';
  return TITLES[action.action] ?? `Acció «${action.action}»`;
}

/** One sentence saying what the action does, e.g. «Mou «p.avis» abans de «h1».». */
export function keptActionSentence(action: DeliveryAction): string {
  const content = record(action.content);
  const selector = selectorOf(action);
  switch (action.action) {
    case 'moveTo': {
      const place = MOVE_PLACES.find((p) => p === content.place);
      return place ? `Mou «${selector}» ${MOVE_PLACE_WORDS[place]} «${String(content.destination)}».` : `Mou «${selector}».`;
    }
    case 'rearrange':
      return `Mou un element de «${selector}» de la posició ${Number(content.from) + 1} a la ${Number(content.to) + 1}.`;
    case 'setAttribute':
      return `Canvia ${Object.keys(content).join(', ')} de «${selector}».`;
    case 'remove':
      return `Treu «${selector}» de la pàgina.`;
    default:
      return 'Definida fora del formulari.';
  }
}
