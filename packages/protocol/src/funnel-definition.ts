/**
 * A funnel: 2 to 8 ordered steps a visitor is expected to take (a page seen, a direct call made, a
 * goal reached, a media started or played to its end), within one visit or within some days (docs/funnels.md). The
 * server stores and checks definitions with `parseFunnelDefinition`; the console builds them with
 * the same types.
 */
import { GOAL_ID, GOAL_ID_MAX_CHARS, GOAL_NAME_MAX_CHARS, GOAL_VALUE_MAX_CHARS, type GoalPageMatch } from './goal-definition.js';
import { MEDIA_CHOICE_FIELDS, MEDIA_CONDITION_FIELDS, parseMediaChoice, type MediaMoment, type MediaStream } from './media-condition.js';
import type { Result } from './result.js';

/** What reaching a step means, member by member. */
export type FunnelStepType =
  /** A page seen: its address exactly, or a pattern where `*` stands for any text (as a page goal). */
  | 'page'
  /** A direct call of spec §7, as the engagement reports key it (as a call goal). */
  | 'call'
  /** A site goal reached, by its id: the goal's own hits (docs/goals.md). */
  | 'goal'
  /** A media started or played to its end, of a programme or channel and of a live or on-demand stream if given (as a media goal). */
  | 'media';

export const FUNNEL_STEP_TYPES: readonly FunnelStepType[] = ['page', 'call', 'goal', 'media'];

export interface FunnelStep {
  type: FunnelStepType;
  /** What the report shows for the step; the console proposes one from its values. */
  name: string;
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

/** Where the steps must fall to count as one journey. */
export type FunnelScope =
  /** All in one visit (30 minutes without a page view end one). */
  | 'visit'
  /** Each within `days` days of the visitor's first step, across visits. */
  | 'days';

export interface FunnelDefinition {
  /** Lower-case letters, digits and hyphens, as a goal's id. */
  id: string;
  name: string;
  scope: FunnelScope;
  /** scope days: 1 to FUNNEL_DAYS_MAX. */
  days?: number;
  steps: FunnelStep[];
}

export const FUNNEL_STEPS_MIN = 2;
/** Most steps: each is one more join over the visitors who reached step 1. */
export const FUNNEL_STEPS_MAX = 8;
export const FUNNEL_DAYS_MAX = 30;
/** Most funnels a site keeps: editors pick from a list, as with goals. */
export const FUNNELS_MAX = 200;

const STEP_FIELDS: Readonly<Record<FunnelStepType, readonly string[]>> = {
  page: ['url', 'match'],
  call: ['call'],
  goal: ['goal'],
  media: MEDIA_CONDITION_FIELDS,
};

const fail = <T>(reason: string): Result<T> => ({ ok: false, reason });

function textProblem(value: unknown, field: string, maxChars: number): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return `${field} must be non-empty text`;
  if (value.length > maxChars) return `${field} must be at most ${maxChars} characters`;
  if (/[\u0000-\u001f\u007f]/.test(value)) return `${field} must be one line without control characters`;
  return undefined;
}

function parseStep(body: unknown, n: number): Result<FunnelStep> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail(`step ${n} must be a JSON object`);
  const s = body as Record<string, unknown>;
  if (typeof s.type !== 'string' || !FUNNEL_STEP_TYPES.includes(s.type as FunnelStepType)) return fail(`step ${n}: type must be one of ${FUNNEL_STEP_TYPES.join(', ')}`);
  const type = s.type as FunnelStepType;
  const allowed = new Set(['type', 'name', ...STEP_FIELDS[type]]);
  const extra = Object.keys(s).find((key) => !allowed.has(key));
  if (extra !== undefined) return fail(`step ${n}: ${extra} is not a field of a ${type} step`);
  const nameProblem = textProblem(s.name, `step ${n}: name`, GOAL_NAME_MAX_CHARS);
  if (nameProblem) return fail(nameProblem);
  const step: FunnelStep = { type, name: String(s.name).trim() };
  for (const field of STEP_FIELDS[type]) {
    if (s[field] === undefined || field === 'match' || MEDIA_CHOICE_FIELDS.includes(field)) continue;
    const problem = textProblem(s[field], `step ${n}: ${field}`, GOAL_VALUE_MAX_CHARS);
    if (problem) return fail(problem);
    Object.assign(step, { [field]: s[field] });
  }
  if (type === 'page') {
    if (step.url === undefined) return fail(`step ${n}: a page step needs url`);
    if (s.match !== 'exact' && s.match !== 'pattern') return fail(`step ${n}: match must be exact or pattern`);
    step.match = s.match;
  }
  if (type === 'call' && step.call === undefined) return fail(`step ${n}: a call step needs call`);
  if (type === 'media') {
    const choice = parseMediaChoice(s, `step ${n}: `);
    if (!choice.ok) return choice;
    Object.assign(step, choice.value);
  }
  if (type === 'goal' && (step.goal === undefined || !GOAL_ID.test(step.goal) || step.goal.length > GOAL_ID_MAX_CHARS)) return fail(`step ${n}: a goal step needs the id of a goal`);
  return { ok: true, value: step };
}

/** A definition as submitted (a PUT's body) or as stored: every field checked, nothing else kept. */
export function parseFunnelDefinition(body: unknown): Result<FunnelDefinition> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail('a funnel must be a JSON object');
  const f = body as Record<string, unknown>;
  if (typeof f.id !== 'string' || f.id.length > GOAL_ID_MAX_CHARS || !GOAL_ID.test(f.id)) {
    return fail(`funnel id must be lower-case letters, digits and single hyphens, at most ${GOAL_ID_MAX_CHARS} characters`);
  }
  const extra = Object.keys(f).find((key) => !['id', 'name', 'scope', 'days', 'steps'].includes(key));
  if (extra !== undefined) return fail(`${extra} is not a field of a funnel`);
  const nameProblem = textProblem(f.name, 'name', GOAL_NAME_MAX_CHARS);
  if (nameProblem) return fail(nameProblem);
  if (f.scope !== 'visit' && f.scope !== 'days') return fail('scope must be visit or days');
  const funnel: FunnelDefinition = { id: f.id, name: String(f.name).trim(), scope: f.scope, steps: [] };
  if (f.scope === 'days') {
    if (typeof f.days !== 'number' || !Number.isInteger(f.days) || f.days < 1 || f.days > FUNNEL_DAYS_MAX) return fail(`days must be a whole number from 1 to ${FUNNEL_DAYS_MAX}`);
    funnel.days = f.days;
  } else if (f.days !== undefined) return fail('days is for the scope days only');
  if (!Array.isArray(f.steps) || f.steps.length < FUNNEL_STEPS_MIN || f.steps.length > FUNNEL_STEPS_MAX) {
    return fail(`steps must be a list of ${FUNNEL_STEPS_MIN} to ${FUNNEL_STEPS_MAX} steps`);
  }
  for (const [index, raw] of f.steps.entries()) {
    const step = parseStep(raw, index + 1);
    if (!step.ok) return step;
    funnel.steps.push(step.value);
  }
  return { ok: true, value: funnel };
}
