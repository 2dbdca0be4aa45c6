/**
 * An activity's experiences and their offers checked whole: ids, names, shares, audiences, and
 * each offer's HTML, JSON and actions (action-validation.ts) within their limits.
 */
import { ACTIVITY_ID, MAX_ACTIVITY_ID_CHARS, type Activity } from '@mesura/protocol';
import { actionProblem } from './action-validation.js';
import { MAX_ACTIONS_PER_OFFER, MAX_EXPERIENCES_PER_ACTIVITY, MAX_NAME_CHARS, MAX_OFFER_CONTENT_BYTES } from './activity-limits.js';
import { audienceProblem } from './audience-validation.js';
import { bytesProblem, isRecord, textProblem, unknownFieldProblem } from './definition-checks.js';

/** ACTIVITY_ID in words, for the reasons that refuse an id (offer.ts parses ids back from click tokens). */
export const ID_RULE = `1–${MAX_ACTIVITY_ID_CHARS} letters, digits, _ or -`;

export function experiencesProblem(a: Activity): string | undefined {
  if (!Array.isArray(a.experiences) || a.experiences.length === 0) return 'at least one experience required';
  if (a.experiences.length > MAX_EXPERIENCES_PER_ACTIVITY) return `more than ${MAX_EXPERIENCES_PER_ACTIVITY} experiences`;
  const ids = new Set<string>();
  for (const e of a.experiences as unknown[]) {
    if (!isRecord(e) || typeof e.id !== 'string' || !ACTIVITY_ID.test(e.id)) return `experience id must be ${ID_RULE}`;
    if (ids.has(e.id)) return `experience ${e.id} twice`;
    ids.add(e.id);
    const problem =
      unknownFieldProblem(`experience ${e.id}`, e, ['id', 'name', 'share', 'audience', 'offer']) ??
      textProblem(`experience ${e.id}: name`, e.name, MAX_NAME_CHARS, true) ??
      (Number.isFinite(e.share) && (e.share as number) >= 0 ? undefined : 'share must be a number ≥ 0') ??
      audienceProblem(e.audience) ??
      offerProblem(e.offer);
    if (problem) return problem.startsWith('experience ') ? problem : `experience ${e.id}: ${problem}`;
  }
  if (a.type === 'ab' && !a.experiences.some((e) => e.share > 0)) return 'an A/B test needs a share above 0';
  return undefined;
}

function offerProblem(offer: unknown): string | undefined {
  if (offer === undefined) return undefined;
  if (!isRecord(offer) || typeof offer.id !== 'string' || typeof offer.name !== 'string') return 'offer needs id and name';
  if (!ACTIVITY_ID.test(offer.id)) return `offer id must be ${ID_RULE}`;
  const label = `offer ${offer.id}`;
  const problem =
    unknownFieldProblem(label, offer, ['id', 'name', 'actions', 'html', 'json']) ??
    textProblem(`${label}: name`, offer.name, MAX_NAME_CHARS, true) ??
    (offer.html === undefined ? undefined : typeof offer.html === 'string' ? bytesProblem(`${label}: html`, offer.html, MAX_OFFER_CONTENT_BYTES) : `${label}: html must be text`) ??
    (offer.json === undefined ? undefined : bytesProblem(`${label}: json`, JSON.stringify(offer.json), MAX_OFFER_CONTENT_BYTES));
  if (problem) return problem;
  if (offer.actions === undefined) return undefined;
  if (!Array.isArray(offer.actions)) return `${label}: actions must be a list`;
  if (offer.actions.length > MAX_ACTIONS_PER_OFFER) return `${label}: more than ${MAX_ACTIONS_PER_OFFER} actions`;
  for (const [i, action] of offer.actions.entries()) {
    const actionIssue = actionProblem(action, `${label}: action ${i + 1}`);
    if (actionIssue) return actionIssue;
  }
  return undefined;
}
