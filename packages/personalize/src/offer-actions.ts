/**
 * An answer's offers as one list of actions (wire-formats §3): what getOffer hands to `success` and
 * applyOffer renders. Pure. An offer's `html`, `json` and `redirect` become setContent, setJson and
 * redirect actions; each action keeps its offer's response tokens (which say whether the activity
 * is trusted) and click token.
 */
import type { DeliveryAction, DeliveryOffer } from '@mesura/protocol';

/** An action as applyOffer takes it: the wire's, plus what it inherits from its offer. */
export interface OfferAction extends DeliveryAction {
  responseTokens?: Record<string, unknown>;
  clickToken?: string;
}

export function offerActions(offers: readonly DeliveryOffer[]): OfferAction[] {
  const actions: OfferAction[] = [];
  for (const offer of offers) {
    const inherited: Pick<OfferAction, 'responseTokens' | 'clickToken'> = {};
    if (offer.responseTokens) inherited.responseTokens = offer.responseTokens;
    if (offer.clickToken) inherited.clickToken = offer.clickToken;
    // The offer's tokens, never the action's own: they say whether the activity is trusted.
    for (const action of offer.actions ?? []) {
      const { responseTokens: _own, ...fields } = action as OfferAction;
      actions.push({ ...inherited, ...fields });
    }
    if (typeof offer.html === 'string') actions.push({ action: 'setContent', content: offer.html, ...inherited });
    if (offer.json !== undefined) actions.push({ action: 'setJson', content: offer.json, ...inherited });
    if (typeof offer.redirect === 'string') actions.push({ action: 'redirect', content: offer.redirect, ...inherited });
  }
  return actions;
}

/** Each offer's response tokens, for request-succeeded's detail. */
export function responseTokensOf(offers: readonly DeliveryOffer[]): Record<string, unknown>[] {
  return offers.flatMap((offer) => (offer.responseTokens ? [offer.responseTokens] : []));
}
