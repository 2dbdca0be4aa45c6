/**
 * A segment: a saved, named set of visitors, those with at least one visit or hit in the asked
 * range matching its conditions (docs/segments.md). The conditions are grouped: every group is
 * `all` (and) or `any` (or) of its conditions, and the groups are joined by the segment's own
 * `match`. One level of groups says "(from Girona or from Lleida) and watched live on a phone"
 * without a tree that nobody can read back. The server stores and checks definitions with
 * `parseSegmentDefinition`; the console builds them with the same types.
 */
import { GOAL_ID, GOAL_ID_MAX_CHARS, GOAL_NAME_MAX_CHARS, GOAL_VALUE_MAX_CHARS, type GoalPageMatch } from './goal-definition.js';
import { MEDIA_CHOICE_FIELDS, MEDIA_CONDITION_FIELDS, parseMediaChoice, type MediaMoment, type MediaStream } from './media-condition.js';
import type { Result } from './result.js';

/** What a condition looks at, member by member. */
export type SegmentConditionType =
  /** An attribute of a visit (taken from its entry page): `attribute` equals `value`. */
  | 'visit'
  /** A page seen: its address exactly, or a pattern where `*` stands for any text (as a page goal). */
  | 'page'
  /** A direct call of spec §7, as the engagement reports key it (as a call goal). */
  | 'call'
  /** A site goal reached, by its id (docs/goals.md). */
  | 'goal'
  /** A media started or played to its end, of a programme or channel and of a live or on-demand stream if given (a programme or channel watched; as a media goal). */
  | 'media';

export const SEGMENT_CONDITION_TYPES: readonly SegmentConditionType[] = ['visit', 'page', 'call', 'goal', 'media'];

/** The visit attributes a condition may name: columns of the visits on both engines. */
export type SegmentVisitAttribute =
  /** Device class (`mobile`, `desktop`…). */
  | 'device'
  /** Browser name. */
  | 'browser'
  /** Country code, as geography keys it. */
  | 'country'
  /** Region, as geography keys it. */
  | 'region'
  /** Referrer group: search engines, social networks, other sites, direct. */
  | 'referrer_group'
  /** External campaign code. */
  | 'campaign'
  /** Section of the entry page. */
  | 'section'
  /** Logged-in state. */
  | 'login';

export const SEGMENT_VISIT_ATTRIBUTES: readonly SegmentVisitAttribute[] = ['device', 'browser', 'country', 'region', 'referrer_group', 'campaign', 'section', 'login'];

export interface SegmentCondition {
  type: SegmentConditionType;
  /** visit: the attribute and its value as stored (the console picks it among the reports' values). */
  attribute?: SegmentVisitAttribute;
  value?: string;
  /** page: the address or pattern, and how it matches. */
  url?: string;
  match?: GoalPageMatch;
  /** call: the call as the engagement reports key it. */
  call?: string;
  /** goal: the id of a stored goal. */
  goal?: string;
  /** media: only this programme code, or channel; any when absent. */
  programme?: string;
  channel?: string;
  /** media: its start (the default) or its completion. */
  moment?: MediaMoment;
  /** media: live or on demand; either when absent. */
  stream?: MediaStream;
}

/** How the members of a list are joined. */
export type SegmentMatch =
  /** Every one (and). */
  | 'all'
  /** At least one (or). */
  | 'any';

export interface SegmentGroup {
  match: SegmentMatch;
  conditions: SegmentCondition[];
}

export interface SegmentDefinition {
  /** Lower-case letters, digits and hyphens, as a goal's id. */
  id: string;
  name: string;
  /** True: the whole team sees and applies it; false: only who made it. Defaults to false. */
  shared: boolean;
  /** How the groups are joined. */
  match: SegmentMatch;
  groups: SegmentGroup[];
}

/** A stored segment as the API lists it: the definition and who made it (only they may change it). */
export interface StoredSegment extends SegmentDefinition {
  owner: string;
}

export const SEGMENT_GROUPS_MAX = 5;
/** Most conditions of a group: each is one subquery of the visitors over the range. */
export const SEGMENT_CONDITIONS_MAX = 8;
/** Most segments a site keeps, every person's together. */
export const SEGMENTS_MAX = 500;

const CONDITION_FIELDS: Readonly<Record<SegmentConditionType, readonly string[]>> = {
  visit: ['attribute', 'value'],
  page: ['url', 'match'],
  call: ['call'],
  goal: ['goal'],
  media: MEDIA_CONDITION_FIELDS,
};

const fail = <T>(reason: string): Result<T> => ({ ok: false, reason });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function textProblem(value: unknown, field: string, maxChars: number): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return `${field} must be non-empty text`;
  if (value.length > maxChars) return `${field} must be at most ${maxChars} characters`;
  if (/[\u0000-\u001f\u007f]/.test(value)) return `${field} must be one line without control characters`;
  return undefined;
}

function parseCondition(body: unknown, where: string): Result<SegmentCondition> {
  if (!isObject(body)) return fail(`${where} must be a JSON object`);
  if (typeof body.type !== 'string' || !SEGMENT_CONDITION_TYPES.includes(body.type as SegmentConditionType)) return fail(`${where}: type must be one of ${SEGMENT_CONDITION_TYPES.join(', ')}`);
  const type = body.type as SegmentConditionType;
  const allowed = new Set(['type', ...CONDITION_FIELDS[type]]);
  const extra = Object.keys(body).find((key) => !allowed.has(key));
  if (extra !== undefined) return fail(`${where}: ${extra} is not a field of a ${type} condition`);
  const condition: SegmentCondition = { type };
  for (const field of CONDITION_FIELDS[type]) {
    if (body[field] === undefined || field === 'match' || field === 'attribute' || MEDIA_CHOICE_FIELDS.includes(field)) continue;
    const problem = textProblem(body[field], `${where}: ${field}`, GOAL_VALUE_MAX_CHARS);
    if (problem) return fail(problem);
    Object.assign(condition, { [field]: body[field] });
  }
  if (type === 'visit') {
    if (!SEGMENT_VISIT_ATTRIBUTES.includes(body.attribute as SegmentVisitAttribute)) return fail(`${where}: attribute must be one of ${SEGMENT_VISIT_ATTRIBUTES.join(', ')}`);
    if (condition.value === undefined) return fail(`${where}: a visit condition needs value`);
    condition.attribute = body.attribute as SegmentVisitAttribute;
  }
  if (type === 'page') {
    if (condition.url === undefined) return fail(`${where}: a page condition needs url`);
    if (body.match !== 'exact' && body.match !== 'pattern') return fail(`${where}: match must be exact or pattern`);
    condition.match = body.match;
  }
  if (type === 'call' && condition.call === undefined) return fail(`${where}: a call condition needs call`);
  if (type === 'media') {
    const choice = parseMediaChoice(body, `${where}: `);
    if (!choice.ok) return choice;
    Object.assign(condition, choice.value);
  }
  if (type === 'goal' && (condition.goal === undefined || !GOAL_ID.test(condition.goal) || condition.goal.length > GOAL_ID_MAX_CHARS)) return fail(`${where}: a goal condition needs the id of a goal`);
  return { ok: true, value: condition };
}

function parseGroup(body: unknown, n: number): Result<SegmentGroup> {
  if (!isObject(body)) return fail(`group ${n} must be a JSON object`);
  const extra = Object.keys(body).find((key) => key !== 'match' && key !== 'conditions');
  if (extra !== undefined) return fail(`group ${n}: ${extra} is not a field of a group`);
  if (body.match !== 'all' && body.match !== 'any') return fail(`group ${n}: match must be all or any`);
  if (!Array.isArray(body.conditions) || body.conditions.length < 1 || body.conditions.length > SEGMENT_CONDITIONS_MAX) {
    return fail(`group ${n}: conditions must be a list of 1 to ${SEGMENT_CONDITIONS_MAX}`);
  }
  const group: SegmentGroup = { match: body.match, conditions: [] };
  for (const [index, raw] of body.conditions.entries()) {
    const condition = parseCondition(raw, `group ${n}, condition ${index + 1}`);
    if (!condition.ok) return condition;
    group.conditions.push(condition.value);
  }
  return { ok: true, value: group };
}

/** A definition as submitted (a PUT's body) or as stored: every field checked, nothing else kept. */
export function parseSegmentDefinition(body: unknown): Result<SegmentDefinition> {
  if (!isObject(body)) return fail('a segment must be a JSON object');
  if (typeof body.id !== 'string' || body.id.length > GOAL_ID_MAX_CHARS || !GOAL_ID.test(body.id)) {
    return fail(`segment id must be lower-case letters, digits and single hyphens, at most ${GOAL_ID_MAX_CHARS} characters`);
  }
  const extra = Object.keys(body).find((key) => !['id', 'name', 'shared', 'match', 'groups'].includes(key));
  if (extra !== undefined) return fail(`${extra} is not a field of a segment`);
  const nameProblem = textProblem(body.name, 'name', GOAL_NAME_MAX_CHARS);
  if (nameProblem) return fail(nameProblem);
  if (body.shared !== undefined && typeof body.shared !== 'boolean') return fail('shared must be true or false');
  if (body.match !== 'all' && body.match !== 'any') return fail('match must be all or any');
  if (!Array.isArray(body.groups) || body.groups.length < 1 || body.groups.length > SEGMENT_GROUPS_MAX) return fail(`groups must be a list of 1 to ${SEGMENT_GROUPS_MAX}`);
  const segment: SegmentDefinition = { id: body.id, name: String(body.name).trim(), shared: body.shared === true, match: body.match, groups: [] };
  for (const [index, raw] of body.groups.entries()) {
    const group = parseGroup(raw, index + 1);
    if (!group.ok) return group;
    segment.groups.push(group.value);
  }
  return { ok: true, value: segment };
}
