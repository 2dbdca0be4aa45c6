/**
 * An activity made safe to serve, after parseActivity has checked its shape: every redirect goes
 * to an allowed origin (redirect-policy.ts), and unless an admin trusted the activity, every
 * offer's HTML is reduced to the allow-list, its links and images to the allowed origins, and its
 * attributes and styles are checked (offer-html-policy.ts). Applied before a definition is stored and again as stored ones load,
 * so that a definition stored before a rule existed is served under it too. Pure.
 */
import type { Activity, DeliveryAction, Experience, Offer, Result } from '@mesura/protocol';
import { HTML_ACTIONS } from './action-validation.js';
import { isRecord } from './definition-checks.js';
import { isUrlAttribute, offerAttributeProblem, offerStyleProblem, sanitizeOfferHtml, urlAttributeProblem } from './offer-html-policy.js';
import type { RedirectPolicy } from './redirect-policy.js';

export function safeActivity(activity: Activity, redirects: RedirectPolicy): Result<Activity> {
  const trusted = activity.trusted === true;
  const experiences: Experience[] = [];
  for (const experience of activity.experiences) {
    const offer = experience.offer && safeOffer(experience.offer, trusted, redirects);
    if (typeof offer === 'string') return { ok: false, reason: `activity ${activity.id}: experience ${experience.id}: offer ${experience.offer!.id}: ${offer}` };
    experiences.push(offer ? { ...experience, offer } : experience);
  }
  return { ok: true, value: { ...activity, experiences } };
}

/** The safe offer, or the one-line reason it cannot be made safe. */
function safeOffer(offer: Offer, trusted: boolean, redirects: RedirectPolicy): Offer | string {
  const actions: DeliveryAction[] = [];
  for (const [i, action] of (offer.actions ?? []).entries()) {
    const safe = safeAction(action, trusted, redirects);
    if (typeof safe === 'string') return `action ${i + 1} (${action.action}): ${safe}`;
    actions.push(safe);
  }
  return {
    ...offer,
    ...(offer.actions && { actions }),
    ...(offer.html !== undefined && !trusted && { html: sanitizeOfferHtml(offer.html, redirects.offerUrlProblem) }),
  };
}

function safeAction(action: DeliveryAction, trusted: boolean, redirects: RedirectPolicy): DeliveryAction | string {
  if (action.action === 'redirect') {
    const urls = [action.content, action.url].filter((url): url is string => typeof url === 'string');
    return urls.map((url) => redirects.problem(url)).find(Boolean) ?? action;
  }
  if (trusted) return action;
  if (HTML_ACTIONS.includes(action.action) && action.contentType !== 'text' && typeof action.content === 'string') {
    return { ...action, content: sanitizeOfferHtml(action.content, redirects.offerUrlProblem) };
  }
  if (action.action === 'setAttribute') {
    const urlProblem = (name: string, value: string) => offerAttributeProblem(name, value) ?? (isUrlAttribute(name) ? urlAttributeProblem(name, value, redirects.offerUrlProblem) : undefined);
    return entriesProblem(action, urlProblem) ?? action;
  }
  if (action.action === 'setStyle') return entriesProblem(action, offerStyleProblem) ?? action;
  return action;
}

/** Checks both forms an action names its values in: `content` {name: value} and the 1.x pair. */
function entriesProblem(action: DeliveryAction, problem: (name: string, value: string) => string | undefined): string | undefined {
  const entries = Object.entries(isRecord(action.content) ? action.content : {});
  const name = action.action === 'setStyle' ? action.property : action.attribute;
  if (name !== undefined) entries.push([String(name), action.value]);
  for (const [entryName, value] of entries) {
    if (action.action === 'setStyle' && entryName === 'priority') continue;
    const found = problem(entryName, String(value ?? ''));
    if (found) return found;
  }
  return undefined;
}
