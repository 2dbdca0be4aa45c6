/**
 * An activity as the console reads and writes it (GET|PUT /api/activities/:id; the types are
 * @mesura/protocol's, the server's checks server/src/decide/activity.ts). The console keeps every
 * field it does not show as it was, so that saving from the form or changing the status never
 * loses one.
 */
import { ACTIVITY_STATUSES, type Activity, type ActivityDefinition, type ActivityStatus } from '@mesura/protocol';
import { isRecord } from '../../api/api-answer';

/** One activity as the API answers it, or undefined when the body is not one. */
export function parseActivity(value: unknown): Activity | undefined {
  if (!isRecord(value)) return undefined;
  const { id, name, type, status, mboxes, experiences, goal } = value;
  const valid =
    typeof id === 'string' &&
    typeof name === 'string' &&
    (type === 'ab' || type === 'xt') &&
    ACTIVITY_STATUSES.includes(status as ActivityStatus) &&
    Array.isArray(mboxes) &&
    Array.isArray(experiences) &&
    experiences.every((e) => isRecord(e) && typeof e.id === 'string' && typeof e.name === 'string') &&
    isRecord(goal);
  return valid ? (value as unknown as Activity) : undefined;
}

/** The body of GET /api/activities. */
export function parseActivityList(body: unknown): Activity[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.activities)) return undefined;
  const activities = body.activities.map(parseActivity);
  return activities.every((a) => a !== undefined) ? (activities as Activity[]) : undefined;
}

/**
 * What a PUT sends: the definition without the trust fields, which the server refuses in a
 * definition (server/src/decide/activity.ts parseSubmittedActivity).
 */
export function definitionOf(activity: Activity): ActivityDefinition {
  const { trusted: _trusted, trustedBy: _trustedBy, trustedAt: _trustedAt, ...definition } = activity;
  return definition;
}
