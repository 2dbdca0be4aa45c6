/**
 * The Objectius area's calls (server: reports/goal-routes.ts), through the console's API client.
 * Screens take a GoalsApi from context (goals-api-context.ts), so tests give them a fake one.
 */
import { parseGoalDefinition, type GoalDefinition } from '@mesura/protocol';
import { isRecord, type Outcome } from '../../api/api-answer';
import { callApi, type ApiClientOptions } from '../../api/api-client';

export const GOALS_API_PATH = '/api/goals';

export interface GoalsApi {
  list(signal?: AbortSignal): Promise<Outcome<GoalDefinition[]>>;
  /** PUT of the whole definition: creates the goal or replaces it. */
  save(goal: GoalDefinition): Promise<Outcome<GoalDefinition>>;
  remove(id: string): Promise<Outcome<undefined>>;
}

const MALFORMED = { ok: false, failure: { reason: 'malformed' } } as const;

/** A goal as the server answers it, checked by the rules it was stored by; undefined when it is not one. */
function goalOf(body: unknown): GoalDefinition | undefined {
  const parsed = parseGoalDefinition(body);
  return parsed.ok ? parsed.value : undefined;
}

export function createGoalsApi(options: ApiClientOptions = {}): GoalsApi {
  const goalPath = (id: string) => `${GOALS_API_PATH}/${encodeURIComponent(id)}`;
  return {
    async list(signal) {
      const result = await callApi({ method: 'GET', path: GOALS_API_PATH, ...(signal && { signal }) }, options);
      if (!result.ok) return result;
      const goals = isRecord(result.body) && Array.isArray(result.body.goals) ? result.body.goals.map(goalOf) : undefined;
      return goals?.every((goal) => goal !== undefined) ? { ok: true, value: goals as GoalDefinition[] } : MALFORMED;
    },
    async save(goal) {
      const result = await callApi({ method: 'PUT', path: goalPath(goal.id), json: goal }, options);
      if (!result.ok) return result;
      const saved = goalOf(result.body);
      return saved ? { ok: true, value: saved } : MALFORMED;
    },
    async remove(id) {
      const result = await callApi({ method: 'DELETE', path: goalPath(id) }, options);
      return result.ok ? { ok: true, value: undefined } : result;
    },
  };
}
