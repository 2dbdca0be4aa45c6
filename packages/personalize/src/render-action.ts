/**
 * Applies one action to the elements its selector found (wire-formats §3 action types). HTML goes
 * through the sanitiser; attributes an offer may not set are refused.
 */
import type { OfferAction } from './offer-actions.js';
import { isTrusted, type Sanitizer } from './sanitize.js';
import { ATTRIBUTE_REFUSED, REARRANGE_OUT_OF_RANGE, UNSUPPORTED_ACTION } from './errors.js';

export type ActionResult = { ok: true } | { ok: false; message: string };

const OK: ActionResult = { ok: true };

export interface ElementActionContext {
  sanitizer: Sanitizer;
  /** trackClick: a click on the element reports a conversion. */
  onClick(action: OfferAction): void;
}

type Insert = (element: Element, nodes: DocumentFragment) => void;

/** The HTML actions, by where the offer's nodes go. */
const INSERTS: Record<string, Insert> = {
  setContent: (element, nodes) => element.replaceChildren(nodes),
  appendContent: (element, nodes) => element.append(nodes),
  prependContent: (element, nodes) => element.prepend(nodes),
  replaceContent: (element, nodes) => element.replaceWith(nodes),
  insertBefore: (element, nodes) => element.before(nodes),
  insertAfter: (element, nodes) => element.after(nodes),
};

/** Whether `applyToElements` knows this action type. */
export function isElementAction(type: string): boolean {
  return type in INSERTS || ['setText', 'remove', 'setAttribute', 'setStyle', 'rearrange', 'trackClick'].includes(type);
}

export function applyToElements(action: OfferAction, elements: readonly Element[], context: ElementActionContext): ActionResult {
  const insert = INSERTS[action.action];
  const trusted = isTrusted(action.responseTokens);
  for (const element of elements) {
    if (insert) insert(element, context.sanitizer.fragment(String(action.content ?? ''), trusted));
    else {
      const result = applyOther(action, element, context, trusted);
      if (!result.ok) return result;
    }
  }
  return OK;
}

function applyOther(action: OfferAction, element: Element, context: ElementActionContext, trusted: boolean): ActionResult {
  switch (action.action) {
    case 'setText':
      element.textContent = String(action.content ?? '');
      return OK;
    case 'remove':
      element.remove();
      return OK;
    case 'setAttribute':
      return setAttributes(element, record(action.content), context.sanitizer, trusted);
    case 'setStyle':
      return setStyles(element, record(action.content));
    case 'rearrange':
      return rearrange(element, record(action.content));
    case 'trackClick':
      element.addEventListener('click', () => context.onClick(action), { once: true });
      return OK;
    default:
      return { ok: false, message: `${UNSUPPORTED_ACTION}: ${action.action}` };
  }
}

function record(content: unknown): Record<string, unknown> {
  return typeof content === 'object' && content !== null ? (content as Record<string, unknown>) : {};
}

/** `{name: value}`; `on…` handlers and `javascript:` URLs are refused unless the activity is trusted. */
function setAttributes(element: Element, attributes: Record<string, unknown>, sanitizer: Sanitizer, trusted: boolean): ActionResult {
  const refused: string[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (sanitizer.attributeAllowed(element, name, String(value), trusted)) element.setAttribute(name, String(value));
    else refused.push(name);
  }
  return refused.length === 0 ? OK : { ok: false, message: `${ATTRIBUTE_REFUSED}: ${refused.join(', ')}` };
}

/** `{property: value}`, with an optional `priority: 'important'` for all of them. */
function setStyles(element: Element, styles: Record<string, unknown>): ActionResult {
  const { style } = element as HTMLElement;
  const priority = typeof styles.priority === 'string' ? styles.priority : '';
  for (const [property, value] of Object.entries(styles)) {
    if (property !== 'priority') style.setProperty(property, String(value), priority);
  }
  return OK;
}

/** `{from, to}`: moves the child at index `from` to index `to`. */
function rearrange(element: Element, move: Record<string, unknown>): ActionResult {
  const children = element.children;
  const moving = children[Number(move.from)];
  const target = children[Number(move.to)];
  if (!moving || !target) return { ok: false, message: `${REARRANGE_OUT_OF_RANGE}: ${String(move.from)} → ${String(move.to)}` };
  if (Number(move.from) < Number(move.to)) target.after(moving);
  else target.before(moving);
  return OK;
}
