/**
 * What a request's change of an activity stores, as pure rules: a definition (PUT
 * /api/activities/:id) is checked whole, keeps or loses its trust (activity-trust.ts) and is
 * made safe (offer-safety.ts); a trust change (PUT /api/activities/:id/trust) is recorded with
 * who and when. Each returns the definition to store, or the one-line reason it is refused.
 */
import type { Activity, Result } from '@mesura/protocol';
import type { Principal } from '../auth/roles.js';
import { parseSubmittedActivity } from './activity.js';
import { MAX_ACTIVITIES } from './activity-limits.js';
import { trustAfterEdit, withTrust } from './activity-trust.js';
import { isRecord } from './definition-checks.js';
import { safeActivity } from './offer-safety.js';
import type { RedirectPolicy } from './redirect-policy.js';

export interface SubmissionContext {
  /** The activity as stored now; undefined for a new one. */
  before: Activity | undefined;
  /** How many activities are stored now. */
  activityCount: number;
  principal: Principal | undefined;
  redirects: RedirectPolicy;
}

export function submittedDefinition(body: unknown, pathId: string, context: SubmissionContext): Result<Activity> {
  const parsed = parseSubmittedActivity(body);
  if (!parsed.ok) return parsed;
  if (parsed.value.id !== pathId) return { ok: false, reason: `activity id ${parsed.value.id} differs from the path's ${pathId}` };
  if (!context.before && context.activityCount >= MAX_ACTIVITIES) return { ok: false, reason: `there are ${MAX_ACTIVITIES} activities already, the most the server keeps` };
  return safeActivity(trustAfterEdit(context.before, parsed.value, context.principal), context.redirects);
}

/** `{trusted: true|false}`: the stored activity trusted by the caller now, or no longer trusted (and so sanitised). */
export function trustedDefinition(body: unknown, before: Activity, context: SubmissionContext & { nowMs: number }): Result<Activity> {
  if (!isRecord(body) || typeof body.trusted !== 'boolean' || Object.keys(body).length !== 1) {
    return { ok: false, reason: 'a trust change is {"trusted": true} or {"trusted": false}' };
  }
  return safeActivity(withTrust(before, body.trusted, context.principal, context.nowMs), context.redirects);
}
