/**
 * A personalisation activity's definition, shared by the server that stores and decides it
 * (server/src/decide/activity.ts checks it whole) and the console that edits it through
 * GET|PUT /api/activities/:id (apps/console/src/areas/experiments/). Types and constants only: each
 * side keeps its own checks, the server's being the one that decides what is accepted.
 */
import { boundedPattern } from './bounded-pattern.js';
import type { DeliveryAction } from './delivery-response.js';

/** Where an activity is in its life; only `active` ones are decided (the server's activity-index.ts). */
export type ActivityStatus =
  /** Being written: never served, except to a preview link (preview-token.ts). */
  | 'draft'
  /** Running: decided, its impressions and conversions recorded. */
  | 'active'
  /** Stopped for now: not decided, its results kept; a preview still shows it. */
  | 'paused'
  /** Finished and put away: not decided, kept with its results and history. */
  | 'archived';

export const ACTIVITY_STATUSES: readonly ActivityStatus[] = ['draft', 'active', 'paused', 'archived'];

/**
 * What kind of device a request came from: what the server's user-agent step gives a hit (and a
 * delivery request), what reports group by and what an audience may name.
 */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet', 'tv', 'console', 'wearable', 'other', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Every condition present must hold; an empty audience matches everyone. */
export interface Audience {
  /** The request URL's path (`mboxURL`) starts with `prefix` / matches `regex`. */
  path?: { prefix?: string; regex?: string };
  /** Query parameters of `mboxURL`: name → value; `*` means present with any value. */
  query?: Record<string, string>;
  /** Device classes of the request's user agent. */
  device?: DeviceClass[];
  /** Logged in: a customer id with authState 1 (authenticated), or the mbox param `loggedIn=true`. */
  loggedIn?: boolean;
  /** Mbox parameters (the data layer values the page sends): name → value; `*` means present. */
  params?: Record<string, string>;
}

/** What an experience shows. A control without one shows the page's default content. */
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
  /** A/B tests: traffic weight (normalised over the activity's experiences). */
  share: number;
  /** Experience targeting: who sees this experience (first match in order wins). */
  audience?: Audience;
  offer?: Offer;
}

/** What counts as a conversion, member by member. */
export type Goal =
  /** A click on an element of the experience's offer, recorded by the decision server. */
  | { type: 'click'; selector: string }
  /** A page view whose path starts with `path`. */
  | { type: 'pageView'; path: string }
  /** An analytics event, by its name or as `event` and its number. */
  | { type: 'event'; event: string }
  /** One of the site's goals (goal-definition.ts), by id: reached by the hits that reach it in the Objectius reports. */
  | { type: 'siteGoal'; goal: string };

/** What an editor defines and a PUT /api/activities/:id sends. */
export interface ActivityDefinition {
  id: string;
  name: string;
  /** `ab`: experiences by traffic share; `xt`: experience targeting, by audience. */
  type: 'ab' | 'xt';
  status: ActivityStatus;
  /** Mbox names it answers; the global mbox also gets it when its audience names a path. */
  mboxes: string[];
  audience?: Audience;
  /** Higher wins when activities overlap on one mbox; ties go to the smaller id. */
  priority: number;
  /** Bumped to reassign every visitor (it is part of the assignment hash). */
  reshuffle: number;
  /** The first experience is the control, the baseline of the report. */
  experiences: Experience[];
  goal: Goal;
}

/**
 * The fields a stored activity adds to its definition: the server refuses a definition that names
 * one, so that no request marks its own activity trusted.
 */
export const TRUST_FIELDS = ['trusted', 'trustedBy', 'trustedAt'] as const;

/** A stored activity: its definition and the admin's trust mark, which only the trust route sets. */
export interface Activity extends ActivityDefinition {
  /**
   * An admin's decision (PUT /api/activities/:id/trust): the offers are kept whole, scripts
   * included, as the admin approved them. Never set by a definition's PUT.
   */
  trusted?: boolean;
  /** Who trusted it (their e-mail) and when (ISO 8601): kept while `trusted` holds. */
  trustedBy?: string;
  trustedAt?: string;
}

/** The longest activity, experience or offer id, in characters (ACTIVITY_ID). */
export const MAX_ACTIVITY_ID_CHARS = 64;
/**
 * Activity, experience and offer ids travel in click tokens and URLs, so they are kept to a safe
 * alphabet of 1 to MAX_ACTIVITY_ID_CHARS characters.
 */
export const ACTIVITY_ID = /* @__PURE__ */ boundedPattern('[A-Za-z0-9_-]', MAX_ACTIVITY_ID_CHARS);

/** The mbox every page of the site asks for when it loads, the default of a new activity. */
export const GLOBAL_MBOX = 'target-global-mbox';

/**
 * The page address's query parameter of an editor's preview: the console's preview links carry a
 * token in it (server/src/decide/preview-link.ts), its visual editor's frame a value that grants
 * nothing. A page carrying it is an editor's, never audience: the SDK sends nothing there
 * (packages/sdk preview-mode.ts) and the decision server records nothing for it.
 */
export const PREVIEW_PARAM = 'mesura_preview';
