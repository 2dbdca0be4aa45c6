/**
 * The personalisation delivery response (wire-formats §3): what the decision server answers and
 * the client renders. One type for both; `parseDeliveryResponse` is the client's check of an
 * answer it did not write itself.
 */
import { decoded, rejected, type Result } from './result.js';

/** The action types of §3; a client renders those it knows and reports the others as failed. */
export const DELIVERY_ACTIONS = [
  'setContent',
  'setText',
  'setJson',
  'setAttribute',
  'setStyle',
  'rearrange',
  /** Mesura's own: the element moved beside or into another, anywhere on the page (move-to-action.ts). */
  'moveTo',
  'remove',
  'appendContent',
  'prependContent',
  'replaceContent',
  'insertBefore',
  'insertAfter',
  'redirect',
  'trackClick',
] as const;

export type DeliveryActionType = (typeof DELIVERY_ACTIONS)[number];

export interface DeliveryAction {
  action: DeliveryActionType;
  selector?: string;
  cssSelector?: string;
  /** HTML or text for the content actions; `{name: value}` for setAttribute / setStyle; `{destination, place}` for moveTo; a URL for redirect. */
  content?: unknown;
  [extra: string]: unknown;
}

export interface DeliveryOffer {
  actions?: DeliveryAction[];
  html?: string;
  json?: unknown;
  redirect?: string;
  /** Names the activity, experience and offer (`activity.id`, `experience.id`, `offer.id`, …). */
  responseTokens?: Record<string, unknown>;
  clickToken?: string;
}

export interface DeliveryResponse {
  sessionId: string;
  /** The device (profile) id, stored by the client as its device-id cookie. */
  tntId: string;
  edgeHost?: string;
  offers: DeliveryOffer[];
  /** Delivery switched off: the client writes the disable cookie for `duration` ms. */
  disabled?: { message: string; duration: number };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the shape the client relies on; extra fields pass through untouched. */
export function parseDeliveryResponse(json: unknown): Result<DeliveryResponse> {
  if (!isRecord(json)) return rejected('not a JSON object');
  if (typeof json.sessionId !== 'string') return rejected('no sessionId');
  if (typeof json.tntId !== 'string') return rejected('no tntId');
  const offers = json.offers ?? [];
  if (!Array.isArray(offers) || !offers.every(isRecord)) return rejected('offers: not a list of objects');
  for (const offer of offers) {
    const actions = offer.actions ?? [];
    if (!Array.isArray(actions) || !actions.every((a) => isRecord(a) && typeof a.action === 'string')) {
      return rejected('actions: not a list of {action}');
    }
  }
  const { disabled } = json;
  if (disabled !== undefined && !(isRecord(disabled) && typeof disabled.duration === 'number')) {
    return rejected('disabled: no duration');
  }
  return decoded(json as unknown as DeliveryResponse);
}
