/**
 * An offer's actions as the form edits them, without code, and back: "canvia el text"
 * (setContent of escaped text), "canvia l'estil" (setStyle), "insereix HTML" (before, after, at the
 * start or end of the element, in place of its content or in place of the element: insertBefore,
 * insertAfter, prependContent, appendContent, setContent, replaceContent; the server sanitises the
 * HTML unless an admin trusts the activity) and "redirigeix" (redirect).
 * Shapes: server/src/decide/action-validation.ts and @mesura/protocol's DeliveryAction. Any other
 * action of a stored offer is kept as it was. Pure, but for the keys of the rows the form lists
 * (form-key.ts).
 */
import type { DeliveryAction } from '@mesura/protocol';
import { formKey } from './form-key';

export type ActionKind = 'text' | 'style' | 'html' | 'redirect';

/** Where "insereix HTML" puts its HTML, each the action of the same effect. */
export const HTML_PLACES = {
  insertBefore: "Abans de l'element",
  insertAfter: "Després de l'element",
  prependContent: "Al començament de l'element",
  appendContent: "Al final de l'element",
  setContent: "En lloc del contingut de l'element",
  replaceContent: "En lloc de l'element",
} as const satisfies Partial<Record<DeliveryAction['action'], string>>;

export type HtmlPlace = keyof typeof HTML_PLACES;

const isHtmlPlace = (action: string): action is HtmlPlace => Object.hasOwn(HTML_PLACES, action);

export interface StyleEntry {
  /** The row's key in the form (form-key.ts). */
  key: string;
  property: string;
  value: string;
}

/** `key`: the row's key in the form (form-key.ts). */
export type ActionDraft = { key: string } & (
  | { kind: 'text'; selector: string; text: string }
  | { kind: 'style'; selector: string; styles: StyleEntry[] }
  | { kind: 'html'; selector: string; html: string; place: HtmlPlace }
  | { kind: 'redirect'; url: string }
  /** An action the form cannot edit (setAttribute, remove…), kept whole. */
  | { kind: 'kept'; action: DeliveryAction }
);

export const ACTION_KIND_LABELS: Record<ActionKind, string> = {
  text: 'Canvia el text',
  style: "Canvia l'estil",
  html: 'Insereix HTML',
  redirect: 'Redirigeix',
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_UNESCAPES: Record<string, string> = Object.fromEntries(Object.entries(HTML_ESCAPES).map(([raw, escaped]) => [escaped, raw]));

/** Text made safe to insert as HTML: it shows as written, never as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function unescapeHtml(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => HTML_UNESCAPES[entity]!);
}

/** An empty style property, the row "Afegeix una propietat" adds. */
export function newStyleEntry(): StyleEntry {
  return { key: formKey(), property: '', value: '' };
}

export function newActionDraft(kind: ActionKind): ActionDraft {
  const key = formKey();
  switch (kind) {
    case 'text':
      return { key, kind, selector: '', text: '' };
    case 'style':
      return { key, kind, selector: '', styles: [newStyleEntry()] };
    case 'html':
      // Inserting never loses what the page shows: after the element, unless the editor chooses.
      return { key, kind, selector: '', html: '', place: 'insertAfter' };
    case 'redirect':
      return { key, kind, url: '' };
  }
}

const selectorOf = (action: DeliveryAction) => action.selector ?? action.cssSelector ?? '';

/** A stored action as the form shows it; setContent of plain escaped text reads as "canvia el text". */
export function actionDraftOf(action: DeliveryAction): ActionDraft {
  const key = formKey();
  const { content } = action;
  if (action.action === 'setContent' && typeof content === 'string' && action.contentType !== 'text' && Object.keys(action).every((k) => ['action', 'selector', 'content'].includes(k))) {
    const text = unescapeHtml(content);
    return escapeHtml(text) === content ? { key, kind: 'text', selector: selectorOf(action), text } : { key, kind: 'html', selector: selectorOf(action), html: content, place: 'setContent' };
  }
  if (action.action !== 'setContent' && isHtmlPlace(action.action) && typeof content === 'string' && Object.keys(action).every((k) => ['action', 'selector', 'content'].includes(k))) {
    return { key, kind: 'html', selector: selectorOf(action), html: content, place: action.action };
  }
  if (action.action === 'setStyle' && typeof content === 'object' && content !== null && Object.keys(action).every((k) => ['action', 'selector', 'content'].includes(k))) {
    const entries = Object.entries(content as Record<string, unknown>);
    if (entries.every(([, v]) => typeof v === 'string'))
      return { key, kind: 'style', selector: selectorOf(action), styles: entries.map(([property, value]) => ({ key: formKey(), property, value: value as string })) };
  }
  if (action.action === 'redirect' && typeof content === 'string' && action.url === undefined) return { key, kind: 'redirect', url: content };
  return { key, kind: 'kept', action };
}

/** Why an action cannot be saved as it stands, in Catalan, or undefined. */
export function actionDraftProblem(draft: ActionDraft): string | undefined {
  if (draft.kind === 'kept') return undefined;
  if (draft.kind === 'redirect') return draft.url.trim() === '' ? "Escriviu l'adreça a la qual es redirigeix." : undefined;
  if (draft.selector.trim() === '') return "Escriviu el selector CSS de l'element que canvia (per exemple, h1 o .titol).";
  if (draft.kind === 'style' && draft.styles.every((s) => s.property.trim() === '')) return 'Escriviu almenys una propietat CSS i el seu valor.';
  return undefined;
}

/** The action the server stores. */
export function deliveryActionOf(draft: ActionDraft): DeliveryAction {
  switch (draft.kind) {
    case 'text':
      return { action: 'setContent', selector: draft.selector.trim(), content: escapeHtml(draft.text) };
    case 'html':
      return { action: draft.place, selector: draft.selector.trim(), content: draft.html };
    case 'style': {
      const styles = draft.styles.filter((s) => s.property.trim() !== '').map((s) => [s.property.trim(), s.value.trim()]);
      return { action: 'setStyle', selector: draft.selector.trim(), content: Object.fromEntries(styles) as Record<string, string> };
    }
    case 'redirect':
      return { action: 'redirect', content: draft.url.trim() };
    case 'kept':
      return draft.action;
  }
}
