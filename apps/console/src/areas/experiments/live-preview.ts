/**
 * Shows an offer's actions at once on the site's page framed in the visual editor, as the
 * personalisation client would (packages/personalize render-action.ts). The frame is the site's
 * own origin, which is also the console's: HTML goes through DOMPurify first, so that nothing an
 * editor types runs in the console's origin, and keeps only the inline style the server keeps
 * (safeInlineStyle), so that the editor sees what visitors will. What the visitors get is the server's sanitised
 * offer, applied by the client; this is a likeness for the editor only.
 */
import { MOVE_PLACES, safeInlineStyle, type DeliveryAction, type MovePlace } from '@mesura/protocol';

type Purify = (html: string) => DocumentFragment;

/** `fragment` with each inline style reduced to what the server's sanitiser keeps. */
export function withSafeInlineStyles(fragment: DocumentFragment): DocumentFragment {
  for (const element of fragment.querySelectorAll('[style]')) {
    const kept = safeInlineStyle(element.getAttribute('style') ?? '');
    if (kept === '') element.removeAttribute('style');
    else element.setAttribute('style', kept);
  }
  return fragment;
}

function place(element: Element, type: string, nodes: DocumentFragment): void {
  if (type === 'insertBefore') element.before(nodes);
  else if (type === 'insertAfter') element.after(nodes);
  else if (type === 'prependContent') element.prepend(nodes);
  else if (type === 'appendContent') element.append(nodes);
  else if (type === 'replaceContent') element.replaceWith(nodes);
  else element.replaceChildren(nodes);
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** moveTo, as the client applies it (render-action.ts): never into the moved element itself. */
function moveLive(doc: Document, element: Element, move: Record<string, unknown>): boolean {
  const place = move.place;
  if (!(MOVE_PLACES as readonly unknown[]).includes(place) || typeof move.destination !== 'string') return false;
  let destination: Element | null = null;
  try {
    destination = doc.querySelector(move.destination);
  } catch {
    return false;
  }
  if (destination === null || element.contains(destination)) return false;
  destination[place as MovePlace](element);
  return true;
}

/** Applies one action to `doc`; false when its element is not on the page. */
export function applyActionLive(doc: Document, action: DeliveryAction, purify: Purify): boolean {
  if (action.action === 'redirect') return true;
  const selector = action.selector ?? action.cssSelector;
  let element: Element | null = null;
  try {
    element = typeof selector === 'string' ? doc.querySelector(selector) : null;
  } catch {
    return false;
  }
  if (element === null) return false;
  const content = action.content;
  switch (action.action) {
    case 'setStyle':
      for (const [property, value] of Object.entries(record(content))) (element as HTMLElement).style.setProperty(property, String(value));
      return true;
    case 'setAttribute':
      for (const [name, value] of Object.entries(record(content))) if (name === 'src' || name === 'alt' || name === 'title') element.setAttribute(name, String(value));
      return true;
    case 'rearrange': {
      const move = record(content);
      const moving = element.children[Number(move.from)];
      const target = element.children[Number(move.to)];
      if (!moving || !target) return false;
      if (Number(move.from) < Number(move.to)) target.after(moving);
      else target.before(moving);
      return true;
    }
    case 'moveTo':
      return moveLive(doc, element, record(content));
    case 'remove':
      element.remove();
      return true;
    default:
      if (typeof content !== 'string') return false;
      place(element, action.action, purify(content));
      return true;
  }
}
