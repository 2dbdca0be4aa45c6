/**
 * The activity model's checks: what an editor defines and the decision engine runs (the types are
 * @mesura/protocol's Activity and its parts, shared with the console). Stored as one JSON
 * definition per activity (store/duckdb/duckdb-decisions.ts) so that DuckDB and ClickHouse keep it alike;
 * `parseActivity` is the one gate every definition passes, from the seed, the store or the API
 * (the API's through `parseSubmittedActivity`, which also refuses the trust fields); what makes
 * a valid definition safe to serve is offer-safety.ts.
 */
import { ACTIVITY_ID, ACTIVITY_STATUSES, GOAL_ID, GOAL_ID_MAX_CHARS, TRUST_FIELDS, type Activity, type ActivityStatus, type Result } from '@mesura/protocol';
import { MAX_GOAL_CHARS, MAX_MBOX_CHARS, MAX_MBOXES_PER_ACTIVITY, MAX_NAME_CHARS, MAX_PRIORITY_ABS, MAX_SELECTOR_CHARS, MAX_SMALL_INTEGER } from './activity-limits.js';
import { audienceProblem } from './audience-validation.js';
import { isRecord, textProblem, unknownFieldProblem, wholeNumberProblem } from './definition-checks.js';
import { experiencesProblem, ID_RULE } from './experience-validation.js';

/** The fields a definition has; the trust fields are the store's, set only through the trust route. */
const DEFINITION_FIELDS = ['id', 'name', 'type', 'status', 'mboxes', 'audience', 'priority', 'reshuffle', 'experiences', 'goal'];

/**
 * A definition as a request submits it (PUT /api/activities/:id): a request that names a trust
 * field is refused, so that no request marks its own activity trusted.
 */
export function parseSubmittedActivity(input: unknown): Result<Activity> {
  if (isRecord(input)) {
    const named = TRUST_FIELDS.find((field) => Object.hasOwn(input, field));
    if (named) return { ok: false, reason: `${named} is not part of a definition: only an admin trusts an activity, with PUT /api/activities/:id/trust` };
  }
  return parseActivity(input);
}

/** Checks a stored or submitted definition whole; the reason names the first problem in one line. */
export function parseActivity(input: unknown): Result<Activity> {
  const fail = (reason: string): Result<Activity> => ({ ok: false, reason });
  if (!isRecord(input)) return fail('activity is not a JSON object');
  const a = input as Partial<Activity>;
  if (typeof a.id !== 'string' || !ACTIVITY_ID.test(a.id)) return fail(`activity id must be ${ID_RULE}`);
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
  const shape = 'goal must be {type: click, selector}, {type: pageView, path}, {type: event, event} or {type: siteGoal, goal}';
  if (!isRecord(goal)) return shape;
  switch (goal.type) {
    case 'click':
      return unknownFieldProblem('goal', goal, ['type', 'selector']) ?? textProblem('goal selector', goal.selector, MAX_SELECTOR_CHARS);
    case 'pageView':
      if (typeof goal.path !== 'string' || !goal.path.startsWith('/')) return 'goal path must start with /';
      return unknownFieldProblem('goal', goal, ['type', 'path']) ?? textProblem('goal path', goal.path, MAX_GOAL_CHARS);
    case 'event':
      return unknownFieldProblem('goal', goal, ['type', 'event']) ?? textProblem('goal event', goal.event, MAX_GOAL_CHARS);
    case 'siteGoal':
      // Its shape only: whether the site has that goal is the goal store's to say (activity-site-goal.ts).
      if (typeof goal.goal !== 'string' || goal.goal.length > GOAL_ID_MAX_CHARS || !GOAL_ID.test(goal.goal)) return 'goal must name a site goal by its id (GET /api/goals lists them)';
      return unknownFieldProblem('goal', goal, ['type', 'goal']);
    default:
      return shape;
  }
}
