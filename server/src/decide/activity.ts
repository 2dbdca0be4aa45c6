/**
 * The activity model: what an editor defines and the decision engine runs. Stored as one JSON
 * definition per activity (store/duckdb/duckdb-decisions.ts) so that DuckDB and ClickHouse keep it alike;
 * `parseActivity` is the one gate every definition passes, from the seed, the store or the API
 * (the API's through `parseSubmittedActivity`, which also refuses the trust fields); what makes
 * a valid definition safe to serve is offer-safety.ts.
 */
import type { DeliveryAction } from '@mesura/protocol';
import type { DeviceClass } from '../ingest/steps/user-agent.js';
import { MAX_GOAL_CHARS, MAX_MBOX_CHARS, MAX_MBOXES_PER_ACTIVITY, MAX_NAME_CHARS, MAX_PRIORITY_ABS, MAX_SELECTOR_CHARS, MAX_SMALL_INTEGER } from './activity-limits.js';
import { audienceProblem } from './audience-validation.js';
import { isRecord, textProblem, unknownFieldProblem, wholeNumberProblem } from './definition-checks.js';
import { experiencesProblem, ID, ID_RULE } from './experience-validation.js';

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

/** What counts as a conversion. */
export type Goal =
  | { type: 'click'; selector: string }
  | { type: 'pageView'; path: string }
  | { type: 'event'; event: string };

/** Where an activity is in its life; only `active` ones are decided (activity-index.ts). */
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

export interface Activity {
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
  /**
   * An admin's decision (PUT /api/activities/:id/trust, activity-trust.ts): the offers are kept
   * whole, scripts included, as the admin approved them. Never set by a definition's PUT.
   */
  trusted?: boolean;
  /** Who trusted it (their e-mail) and when (ISO 8601): kept while `trusted` holds. */
  trustedBy?: string;
  trustedAt?: string;
  /** The first experience is the control, the baseline of the report. */
  experiences: Experience[];
  goal: Goal;
}

export type ParseResult = { ok: true; value: Activity } | { ok: false; reason: string };

/** The fields a definition has; the trust fields are the store's, set only through the trust route. */
const DEFINITION_FIELDS = ['id', 'name', 'type', 'status', 'mboxes', 'audience', 'priority', 'reshuffle', 'experiences', 'goal'];
export const TRUST_FIELDS = ['trusted', 'trustedBy', 'trustedAt'] as const;

/**
 * A definition as a request submits it (PUT /api/activities/:id): a request that names a trust
 * field is refused, so that no request marks its own activity trusted.
 */
export function parseSubmittedActivity(input: unknown): ParseResult {
  if (isRecord(input)) {
    const named = TRUST_FIELDS.find((field) => Object.hasOwn(input, field));
    if (named) return { ok: false, reason: `${named} is not part of a definition: only an admin trusts an activity, with PUT /api/activities/:id/trust` };
  }
  return parseActivity(input);
}

/** Checks a stored or submitted definition whole; the reason names the first problem in one line. */
export function parseActivity(input: unknown): ParseResult {
  const fail = (reason: string): ParseResult => ({ ok: false, reason });
  if (!isRecord(input)) return fail('activity is not a JSON object');
  const a = input as Partial<Activity>;
  if (typeof a.id !== 'string' || !ID.test(a.id)) return fail(`activity id must be ${ID_RULE}`);
  const problem =
    unknownFieldProblem('definition', input, [...DEFINITION_FIELDS, ...TRUST_FIELDS]) ??
    textProblem('name', a.name, MAX_NAME_CHARS) ??
    (a.type === 'ab' || a.type === 'xt' ? undefined : 'type must be ab or xt') ??
    (ACTIVITY_STATUSES.includes(a.status as ActivityStatus) ? undefined : 'status must be draft, active, paused or archived') ??
    mboxesProblem(a.mboxes) ??
    (Number.isFinite(a.priority) && Math.abs(a.priority!) <= MAX_PRIORITY_ABS ? undefined : `priority must be a number from -${MAX_PRIORITY_ABS} to ${MAX_PRIORITY_ABS}`) ??
    wholeNumberProblem('reshuffle', a.reshuffle, MAX_SMALL_INTEGER) ??
    trustProblem(a) ??
    audienceProblem(a.audience) ??
    experiencesProblem(a as Activity) ??
    goalProblem(a.goal);
  return problem ? fail(`activity ${a.id}: ${problem}`) : { ok: true, value: a as Activity };
}

function mboxesProblem(mboxes: unknown): string | undefined {
  if (!Array.isArray(mboxes) || mboxes.length > MAX_MBOXES_PER_ACTIVITY) return `mboxes must be a list of at most ${MAX_MBOXES_PER_ACTIVITY} names`;
  for (const mbox of mboxes) {
    const problem = textProblem('mbox name', mbox, MAX_MBOX_CHARS);
    if (problem) return problem;
  }
  return undefined;
}

function trustProblem(a: Partial<Activity>): string | undefined {
  if (a.trusted === undefined && a.trustedBy === undefined && a.trustedAt === undefined) return undefined;
  const valid = a.trusted === true && typeof a.trustedBy === 'string' && typeof a.trustedAt === 'string';
  return valid ? undefined : 'trusted needs trustedBy and trustedAt';
}

function goalProblem(goal: unknown): string | undefined {
  const shape = 'goal must be {type: click, selector}, {type: pageView, path} or {type: event, event}';
  if (!isRecord(goal)) return shape;
  switch (goal.type) {
    case 'click':
      return unknownFieldProblem('goal', goal, ['type', 'selector']) ?? textProblem('goal selector', goal.selector, MAX_SELECTOR_CHARS);
    case 'pageView':
      if (typeof goal.path !== 'string' || !goal.path.startsWith('/')) return 'goal path must start with /';
      return unknownFieldProblem('goal', goal, ['type', 'path']) ?? textProblem('goal path', goal.path, MAX_GOAL_CHARS);
    case 'event':
      return unknownFieldProblem('goal', goal, ['type', 'event']) ?? textProblem('goal event', goal.event, MAX_GOAL_CHARS);
    default:
      return shape;
  }
}
