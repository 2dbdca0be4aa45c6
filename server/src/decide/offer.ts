/**
 * A decision as the wire's offer (wire-formats §3): the experience's actions, HTML or JSON, the
 * response tokens naming activity, experience and offer, and, for click goals, a `trackClick`
 * action with the click token the client sends back through trackEvent. Actions also carry the
 * fields the commercial 1.x library reads (commercial-actions.ts).
 */
import type { DeliveryAction, DeliveryOffer } from '@mesura/protocol';
import { MAX_ID_CHARS } from './activity-limits.js';
import { withCommercialFields } from './commercial-actions.js';
import type { Decision } from './decide.js';

/** The offer of a control that changes nothing: the page's default content. */
export const DEFAULT_OFFER = { id: 'default', name: 'Contingut per defecte' } as const;

export function offerOf({ activity, experience }: Decision): DeliveryOffer {
  const offer = experience.offer ?? DEFAULT_OFFER;
  const responseTokens: Record<string, unknown> = {
    'activity.id': activity.id,
    'activity.name': activity.name,
    'experience.id': experience.id,
    'experience.name': experience.name,
    'offer.id': offer.id,
    'offer.name': offer.name,
  };
  // A boolean and only when set: the client reads exactly `true` as "insert the HTML whole".
  if (activity.trusted === true) responseTokens['activity.trusted'] = true;
  const actions: DeliveryAction[] = [...('actions' in offer && offer.actions ? offer.actions : [])];
  const wire: DeliveryOffer = { responseTokens };
  if ('html' in offer && offer.html !== undefined) wire.html = offer.html;
  if ('json' in offer && offer.json !== undefined) wire.json = offer.json;
  if (activity.goal.type === 'click') {
    actions.push({ action: 'trackClick', selector: activity.goal.selector });
    wire.clickToken = clickToken(activity.id, experience.id);
  }
  // Always a list, so that a control offer renders as "nothing to change" rather than "no offers".
  wire.actions = withCommercialFields(actions, wire.clickToken);
  return wire;
}

/** Ids are letters, digits, `_` and `-` (activity.ts), so `.` separates them unambiguously. */
export function clickToken(activityId: string, experienceId: string): string {
  return `${activityId}.${experienceId}`;
}

/** `activity.experience`, each an id of experience-validation.ts's rule. */
const CLICK_TOKEN = new RegExp(`^([A-Za-z0-9_-]{1,${MAX_ID_CHARS}})\\.([A-Za-z0-9_-]{1,${MAX_ID_CHARS}})$`);

export function parseClickToken(token: string): { activityId: string; experienceId: string } | undefined {
  const match = CLICK_TOKEN.exec(token);
  return match ? { activityId: match[1]!, experienceId: match[2]! } : undefined;
}
