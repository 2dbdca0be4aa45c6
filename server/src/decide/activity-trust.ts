/**
 * Who may make an activity's offers run as written. Trusting is an admin's act (PUT
 * /api/activities/:id/trust), recorded with who and when on the activity. The admin approves
 * what runs and where: the offers, and the mboxes, audiences, type and priority that decide who
 * gets them. A definition's PUT keeps that trust only when all of these are as approved, or when
 * an admin makes the change: otherwise an editor could slip a script into an approved activity,
 * or run an approved script on every page (audience `/`, the global mbox). The history records
 * the loss, its entry going from a trusted definition to one without trust. Pure.
 */
import { TRUST_FIELDS, type Activity } from '@mesura/protocol';
import type { Principal } from '../auth/roles.js';

/** Who a change is recorded as when no one is signed in (tests without the auth hook; seeds say 'system'). */
export const UNKNOWN_ACTOR = 'unknown';

export function actorOf(principal: Principal | undefined): string {
  return principal?.email ?? UNKNOWN_ACTOR;
}

/** A submitted definition (which has no trust fields) with the trust it keeps from `before`. */
export function trustAfterEdit(before: Activity | undefined, submitted: Activity, editor: Principal | undefined): Activity {
  const plain = withoutTrust(submitted);
  if (before?.trusted !== true) return plain;
  const keeps = editor?.role === 'admin' || canonicalJson(approvedPart(before)) === canonicalJson(approvedPart(submitted));
  return keeps ? { ...plain, trusted: true, trustedBy: before.trustedBy!, trustedAt: before.trustedAt! } : plain;
}

/** The activity trusted (by `principal`, now) or no longer trusted. */
export function withTrust(activity: Activity, trusted: boolean, principal: Principal | undefined, nowMs: number): Activity {
  const plain = withoutTrust(activity);
  return trusted ? { ...plain, trusted: true, trustedBy: actorOf(principal), trustedAt: new Date(nowMs).toISOString() } : plain;
}

function withoutTrust(activity: Activity): Activity {
  const copy: Partial<Activity> = { ...activity };
  for (const field of TRUST_FIELDS) delete copy[field];
  return copy as Activity;
}

/**
 * What an admin's trust approves: where the activity runs (its mboxes, in any order), for whom
 * (its audience, its type, each experience's audience in order: the first match wins), against
 * which others (priority), and what each experience shows. Names, shares, status and goal stay
 * an editor's to change.
 */
function approvedPart(activity: Activity): unknown {
  return {
    mboxes: [...activity.mboxes].sort(),
    audience: activity.audience ?? null,
    type: activity.type,
    priority: activity.priority,
    experiences: activity.experiences.map((e) => [e.id, e.audience ?? null, e.offer ?? null]),
  };
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
