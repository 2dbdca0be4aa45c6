/**
 * The fields the commercial 1.x library reads from an action, written beside the `content` that
 * Mesura's own client reads (wire-formats §3 leaves room: `{action, selector, cssSelector,
 * content, …}`). The 1.x library silently drops an action that lacks them:
 * - setStyle: `property`, `value` (and `priority`), one property per action;
 * - setAttribute: `attribute`, `value`, one attribute per action;
 * - redirect: `url` (it treats any action with a `url` as a redirect, so only redirects get one);
 * - rearrange: `from`, `to`;
 * - trackClick: `clickTrackId`, which it sends back, when the element is clicked, as the
 *   `clickTrackId` parameter of a request for `{mbox}-clicked` (delivery.ts counts it);
 * - setText: none, it drops the action; a setContent with `contentType: 'text'` is its text change.
 * A multi-property setStyle or setAttribute becomes one action per property, each keeping its
 * own `content`, so both clients render the same. Fields an editor already wrote are kept, and
 * content of an unexpected shape passes through unchanged. Pure.
 */
import type { DeliveryAction } from '@mesura/protocol';

/** Mesura's setStyle content key that applies to every property of the action (render-action.ts). */
const STYLE_PRIORITY_KEY = 'priority';

export function withCommercialFields(actions: readonly DeliveryAction[], clickToken: string | undefined): DeliveryAction[] {
  return actions.flatMap((action) => commercialForm(action, clickToken));
}

function commercialForm(action: DeliveryAction, clickToken: string | undefined): DeliveryAction[] {
  const { content } = action;
  switch (action.action) {
    case 'setStyle':
      return action.property === undefined && isRecord(content) ? splitStyles(action, content) : [action];
    case 'setAttribute':
      return action.attribute === undefined && isRecord(content) ? splitAttributes(action, content) : [action];
    case 'setText':
      // The 1.x library has no setText: its text change is a setContent of content type text,
      // which Mesura's client reads as a setText too (offer-actions.ts).
      return [{ ...action, action: 'setContent', contentType: 'text' }];
    case 'redirect':
      return [action.url === undefined && typeof content === 'string' ? { ...action, url: content } : action];
    case 'rearrange':
      return [action.from === undefined && isRecord(content) ? { ...action, from: content.from, to: content.to } : action];
    case 'trackClick':
      return [action.clickTrackId === undefined && clickToken !== undefined ? { ...action, clickTrackId: clickToken } : action];
    default:
      return [action];
  }
}

function splitStyles(action: DeliveryAction, styles: Record<string, unknown>): DeliveryAction[] {
  const priority = styles[STYLE_PRIORITY_KEY];
  const properties = Object.entries(styles).filter(([name]) => name !== STYLE_PRIORITY_KEY);
  if (properties.length === 0) return [action];
  return properties.map(([property, value]) => ({
    ...action,
    content: priority === undefined ? { [property]: value } : { [property]: value, [STYLE_PRIORITY_KEY]: priority },
    // The 1.x library reads a number as blank and drops the action: values go as text.
    property,
    value: String(value),
    ...(priority !== undefined && { priority }),
  }));
}

function splitAttributes(action: DeliveryAction, attributes: Record<string, unknown>): DeliveryAction[] {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return [action];
  return entries.map(([attribute, value]) => ({ ...action, content: { [attribute]: value }, attribute, value: String(value) }));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
