/**
 * An activity's definition as the console reads and writes it (GET|PUT /api/activities/:id; the
 * server's model is server/src/decide/activity.ts). The console keeps every field it does not show
 * as it was, so that saving from the form or changing the status never loses one.
 */
import type { DeliveryAction } from '@mesura/protocol';
import { isRecord } from '../../api/api-answer';

/** Where an activity is in its life; only `active` ones are decided. */
export type ActivityStatus = 'draft' | 'active' | 'paused' | 'archived';
export const ACTIVITY_STATUSES: readonly ActivityStatus[] = ['draft', 'active', 'paused', 'archived'];

/** The device classes of the server's user-agent step (server/src/ingest/steps/user-agent.ts DeviceClass). */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet', 'tv', 'console', 'wearable', 'other', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export interface Audience {
  path?: { prefix?: string; regex?: string };
  query?: Record<string, string>;
  device?: DeviceClass[];
  loggedIn?: boolean;
  params?: Record<string, string>;
}

export interface Offer {
  id: string;
  name: string;
  actions?: DeliveryAction[];
  html?: string;
  json?: unknown;
}

export interface Experience {
  id: string;
  name: string;
  share: number;
  audience?: Audience;
  offer?: Offer;
}

export type Goal = { type: 'click'; selector: string } | { type: 'pageView'; path: string } | { type: 'event'; event: string };

export interface ActivityDefinition {
  id: string;
  name: string;
  type: 'ab' | 'xt';
  status: ActivityStatus;
  mboxes: string[];
  audience?: Audience;
  priority: number;
  reshuffle: number;
  experiences: Experience[];
  goal: Goal;
}

/** A stored activity: its definition and the admin's trust mark, which only the trust route sets. */
export interface Activity extends ActivityDefinition {
  trusted?: boolean;
  trustedBy?: string;
  trustedAt?: string;
}

/** The server's rule for activity, experience and offer ids (server/src/decide/experience-validation.ts ID). */
export const ACTIVITY_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The longest id, in characters (ACTIVITY_ID). */
export const MAX_ACTIVITY_ID_CHARS = 64;

/** The mbox every page of the site asks for, the default of a new activity. */
export const GLOBAL_MBOX = 'target-global-mbox';

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

/** The page an activity applies to, for a preview: its audience's path prefix, or the home. */
export function previewPathOf(activity: Activity): string {
  const prefix = activity.audience?.path?.prefix;
  return prefix !== undefined && prefix.startsWith('/') ? prefix : '/';
}
