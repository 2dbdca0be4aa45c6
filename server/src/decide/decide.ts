/**
 * The decision: which activity and experience a visitor gets on an mbox. Pure and synchronous
 * over the in-memory index: no I/O on the decision path.
 */
import { GLOBAL_MBOX, type Activity, type Experience } from '@mesura/protocol';
import type { ActivityIndex } from './activity-index.js';
import { assignmentPoint, experienceAt } from './assignment.js';
import { matchesAudience, type RequestContext } from './audience.js';

export interface Decision {
  activity: Activity;
  experience: Experience;
}

/**
 * A named mbox gets the highest-ranked activity the visitor qualifies for. The global mbox gets
 * every qualifying activity whose mboxes do not overlap a higher-ranked one already chosen: it
 * stands for the whole page, where several activities may each own their part. A previewed
 * decision (preview-decision.ts) ranks above every other: it is the named mbox's answer, and the
 * global mbox's first.
 */
export function decide(index: ActivityIndex, mbox: string, context: RequestContext, visitorKey: string, preview?: Decision): Decision[] {
  const chosen: Decision[] = preview ? [preview] : [];
  if (preview && mbox !== GLOBAL_MBOX) return chosen;
  const taken = new Set<string>(preview?.activity.mboxes);
  for (const activity of index.forMbox(mbox)) {
    if (activity.id === preview?.activity.id) continue;
    if (mbox === GLOBAL_MBOX && activity.mboxes.some((m) => taken.has(m))) continue;
    const experience = experienceFor(activity, context, visitorKey);
    if (!experience) continue;
    chosen.push({ activity, experience });
    if (mbox !== GLOBAL_MBOX) break;
    for (const m of activity.mboxes) taken.add(m);
  }
  return chosen;
}

/** The visitor's experience, or undefined when they are not in the activity's audience. */
export function experienceFor(activity: Activity, context: RequestContext, visitorKey: string): Experience | undefined {
  if (!matchesAudience(activity.audience, context)) return undefined;
  if (activity.type === 'xt') return activity.experiences.find((e) => matchesAudience(e.audience, context));
  return experienceAt(activity.experiences, assignmentPoint(visitorKey, activity.id, activity.reshuffle));
}
