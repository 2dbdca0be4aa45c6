/**
 * Applies one action to the elements its selector found (wire-formats §3 action types). HTML
 * becomes nodes, and attributes are checked, only through the action's policy: the sanitiser, or
 * the trusted activities' (render-offer.ts picks it). Without one, such an action is refused, so
 * nothing unsanitised is ever inserted.
 */
import type { OfferAction } from './offer-actions.js';
import type { Sanitizer } from './sanitizer.js';
import { ATTRIBUTE_REFUSED, MOVE_REFUSED, REARRANGE_OUT_OF_RANGE, SANITIZER_FAILED_TO_LOAD, UNSUPPORTED_ACTION } from './errors.js';

export type ActionResult = { ok: true } | { ok: false; message: string };

const OK: ActionResult = { ok: true };

export interface ElementActionContext {
  /** For HTML and setAttribute actions; undefined when the sanitiser did not load. */
  policy: Sanitizer | undefined;
  /** The offer's activity is trusted: its HTML is kept whole (trusted-html.ts). */
  trusted: boolean;
  /** trackClick: a click on the element reports a conversion. */
  onClick(action: OfferAction): void;
  /** Where the nodes the HTML actions insert are listed, when given (offer-keeper.ts). */
  inserted?: ChildNode[];
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
  return needsPolicy(type) || ['setText', 'remove', 'setStyle', 'rearrange', 'moveTo', 'trackClick'].includes(type);
}

/** The actions that insert HTML or set attributes: the ones an untrusted offer needs the sanitiser for. */
export function needsPolicy(type: string): boolean {
  return type in INSERTS || type === 'setAttribute';
}

export function applyToElements(action: OfferAction, elements: readonly Element[], context: ElementActionContext): ActionResult {
  if (needsPolicy(action.action)) {
    return context.policy ? applyWithPolicy(action, elements, context) : { ok: false, message: SANITIZER_FAILED_TO_LOAD };
  }
  if (action.action === 'moveTo') return moveTo(elements, record(action.content));
  for (const element of elements) {
    const result = applyOther(action, element, context);
    if (!result.ok) return result;
  }
  return OK;
}

/** The actions that go through the policy: the HTML ones and setAttribute. */
function applyWithPolicy(action: OfferAction, elements: readonly Element[], context: ElementActionContext): ActionResult {
  const insert = INSERTS[action.action];
  const { trusted } = context;
  const policy = context.policy as Sanitizer;
  for (const element of elements) {
    if (insert) {
      const nodes = policy.fragment(String(action.content ?? ''), trusted);
      context.inserted?.push(...nodes.childNodes);
      insert(element, nodes);
    } else {
      const result = setAttributes(element, record(action.content), policy, trusted);
      if (!result.ok) return result;
    }
  }
  return OK;
}

function applyOther(action: OfferAction, element: Element, context: ElementActionContext): ActionResult {
  switch (action.action) {
    case 'setText':
      element.textContent = String(action.content ?? '');
      return OK;
    case 'remove':
      element.remove();
      return OK;
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

/** `{name: value}`; the sanitiser refuses `on…` handlers and `javascript:` URLs, the trusted policy nothing. */
function setAttributes(element: Element, attributes: Record<string, unknown>, policy: Sanitizer, trusted: boolean): ActionResult {
  const refused: string[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (policy.attributeAllowed(element, name, String(value), trusted)) element.setAttribute(name, String(value));
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

/** A moveTo's places (@mesura/protocol move-to-action.ts), each a DOM method of the same name. */
const MOVE_PLACE = /^(before|after|prepend|append)$/;

/** The selector of a moveTo's destination, which render-offer.ts waits for as it waits for the target. */
export function moveDestinationOf(action: OfferAction): string | undefined {
  return action.action === 'moveTo' ? String(record(action.content).destination) : undefined;
}

/**
 * `{destination, place}`: every element, in the page's order, goes `place` the destination's first
 * match, looked up now (an earlier action may have replaced it). Refused for another place (any
 * other method would run) and for a destination inside a moved element (the DOM would throw).
 */
function moveTo(elements: readonly Element[], move: Record<string, unknown>): ActionResult {
  const place = String(move.place);
  const destination = elements[0]!.ownerDocument.querySelector(String(move.destination));
  if (!destination || !MOVE_PLACE.test(place) || elements.some((element) => element.contains(destination))) {
    return { ok: false, message: `${MOVE_REFUSED}: ${place} ${String(move.destination)}` };
  }
  destination[place as 'before'](...elements);
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
