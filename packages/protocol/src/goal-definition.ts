/**
 * A site goal: something an editor wants visitors to do, defined in the console and counted per
 * visit from the stored events (docs/goals.md). The server stores and checks definitions with
 * `parseGoalDefinition`; the console builds them with the same types.
 */
import { MEDIA_CHOICE_FIELDS, MEDIA_CONDITION_FIELDS, parseMediaChoice, type MediaMoment, type MediaStream } from './media-condition.js';
import type { Result } from './result.js';

/** What reaching a goal means, member by member. */
export type GoalType =
  /** A page seen: its address exactly, or a pattern where `*` stands for any text. */
  | 'page'
  /** A direct call of spec §7 (scParticipar, scPerMesTard…), as the engagement reports name it. */
  | 'call'
  /** The newsletter sign-up accepted (the site's call to action, scClicBoto). */
  | 'newsletter'
  /** A visitor account confirmed (the confirmation link's landing on the sign-in page). */
  | 'signup'
  /** A media started or played to its end, of a programme or channel and of a live or on-demand stream if given (media-condition.ts). */
  | 'media'
  /** A search made on the site. */
  | 'search';

export const GOAL_TYPES: readonly GoalType[] = ['page', 'call', 'newsletter', 'signup', 'media', 'search'];

/** How a page goal's `url` is compared with a page view's address. */
export type GoalPageMatch =
  /** The same address. */
  | 'exact'
  /** `*` matches any text (none included); every other character stands for itself. */
  | 'pattern';

export interface GoalDefinition {
  /** Lower-case letters, digits and hyphens, chosen at creation (the console derives it from the name). */
  id: string;
  /** What editors and analysts read. */
  name: string;
  type: GoalType;
  /** page: the address or pattern, and how it matches. */
  url?: string;
  match?: GoalPageMatch;
  /** call: the call as the engagement reports key it (its §9 event number, or `enllaç: ` and the link name). */
  call?: string;
  /** media: only this programme code, or channel; any when absent. */
  programme?: string;
  channel?: string;
  /** media: its start (the default) or its completion. */
  moment?: MediaMoment;
  /** media: live or on demand; either when absent. */
  stream?: MediaStream;
}

export const GOAL_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const GOAL_ID_MAX_CHARS = 64;
export const GOAL_NAME_MAX_CHARS = 120;
/** Longest address, pattern, call, programme or channel: a stored page address is bounded alike. */
export const GOAL_VALUE_MAX_CHARS = 500;
/** Most goals a site keeps: each is a report, and editors pick from a list. */
export const GOALS_MAX = 200;

const FIELDS: Readonly<Record<GoalType, readonly string[]>> = {
  page: ['url', 'match'],
  call: ['call'],
  newsletter: [],
  signup: [],
  media: MEDIA_CONDITION_FIELDS,
  search: [],
};

const fail = (reason: string): Result<GoalDefinition> => ({ ok: false, reason });

/** A bounded one-line text, or a reason it is not. */
function textProblem(value: unknown, field: string, maxChars: number): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return `${field} must be non-empty text`;
  if (value.length > maxChars) return `${field} must be at most ${maxChars} characters`;
  if (/[\u0000-\u001f\u007f]/.test(value)) return `${field} must be one line without control characters`;
  return undefined;
}

/** A definition as submitted (a PUT's body) or as stored: every field checked, nothing else kept. */
export function parseGoalDefinition(body: unknown): Result<GoalDefinition> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail('a goal must be a JSON object');
  const g = body as Record<string, unknown>;
  if (typeof g.id !== 'string' || g.id.length > GOAL_ID_MAX_CHARS || !GOAL_ID.test(g.id)) {
    return fail(`goal id must be lower-case letters, digits and single hyphens, at most ${GOAL_ID_MAX_CHARS} characters`);
  }
  const nameProblem = textProblem(g.name, 'name', GOAL_NAME_MAX_CHARS);
  if (nameProblem) return fail(nameProblem);
  if (typeof g.type !== 'string' || !GOAL_TYPES.includes(g.type as GoalType)) return fail(`type must be one of ${GOAL_TYPES.join(', ')}`);
  const type = g.type as GoalType;
  const allowed = new Set(['id', 'name', 'type', ...FIELDS[type]]);
  const extra = Object.keys(g).find((key) => !allowed.has(key));
  if (extra !== undefined) return fail(`${extra} is not a field of a ${type} goal`);
  const goal: GoalDefinition = { id: g.id, name: String(g.name).trim(), type };
  for (const field of FIELDS[type]) {
    if (g[field] === undefined || field === 'match' || MEDIA_CHOICE_FIELDS.includes(field)) continue;
    const problem = textProblem(g[field], field, GOAL_VALUE_MAX_CHARS);
    if (problem) return fail(problem);
    Object.assign(goal, { [field]: g[field] });
  }
  if (type === 'page') {
    if (goal.url === undefined) return fail('a page goal needs url');
    if (g.match !== 'exact' && g.match !== 'pattern') return fail('match must be exact or pattern');
    goal.match = g.match;
  }
  if (type === 'call' && goal.call === undefined) return fail('a call goal needs call');
  if (type === 'media') {
    const choice = parseMediaChoice(g);
    if (!choice.ok) return fail(choice.reason);
    Object.assign(goal, choice.value);
  }
  return { ok: true, value: goal };
}
