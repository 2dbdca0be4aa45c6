/**
 * The site goals' API (docs/goals.md): `GET /api/goals` and `GET /api/goals/:id` for analysts,
 * `PUT /api/goals/:id` (create or replace) and `DELETE /api/goals/:id` for editors, each change
 * kept in `GET /api/goals/:id/history`; and the goal reports at `GET /api/reports/goals/{by}`
 * (goal-reports.ts). A refused definition is a one-line 400 and changes nothing.
 */
import { GOALS_MAX, parseGoalDefinition, type GoalDefinition } from '@mesura/protocol';
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { GoalStore } from '../store/goal-store.js';
import { goalReportDefinitions, keepGoal, storedGoal } from './goal-reports.js';
import type { ReportContext } from './report-definition.js';
import { parseReportRequest } from './report-request.js';
import { runWithSegment } from './report-segment.js';
import type { SegmentStore } from '../store/segment-store.js';

export interface GoalRouteDeps {
  goals: GoalStore;
  context: ReportContext;
  reportSuite: string;
  /** Loads what the collector acknowledged unless the store is fresh enough (config.ts MESURA_REPORT_MAX_LAG_MS), as the catalogue's reports do. */
  catchUp: () => Promise<void>;
  now: () => number;
  /** The segments its reports may be asked with (`s=`). */
  segments?: SegmentStore;
}

/** The stored goals that still read as definitions (one a later release refuses is left out, not fatal). */
async function storedGoals(goals: GoalStore): Promise<GoalDefinition[]> {
  return (await goals.goalDefinitions()).flatMap((stored) => {
    const parsed = parseGoalDefinition(stored);
    return parsed.ok ? [parsed.value] : [];
  });
}

/** Who a history row names: the caller's e-mail (an API token's owner included). */
const actorOf = (principal: { email?: string } | undefined): string => principal?.email ?? 'unknown';

export async function goalRoutes(app: FastifyInstance, deps: GoalRouteDeps): Promise<void> {
  const { goals } = deps;
  app.get('/api/goals', { config: { access: 'analyst' } }, async () => ({ goals: await storedGoals(goals) }));
  app.get<{ Params: { id: string } }>('/api/goals/:id', { config: { access: 'analyst' } }, async (request) => storedGoal(goals, request.params.id));
  app.get<{ Params: { id: string } }>('/api/goals/:id/history', { config: { access: 'analyst' } }, async (request) => ({ changes: await goals.goalHistory(request.params.id) }));
  app.put<{ Params: { id: string } }>('/api/goals/:id', { config: { access: 'editor' } }, async (request, reply) => {
    const parsed = parseGoalDefinition(request.body);
    if (!parsed.ok) throw new HttpError(ERRORS.badGoal, parsed.reason);
    const goal = parsed.value;
    if (goal.id !== request.params.id) throw new HttpError(ERRORS.badGoal, `the body's id ${goal.id} is not the path's`);
    const known = await goals.goalDefinition(goal.id);
    if (known === undefined && (await goals.goalDefinitions()).length >= GOALS_MAX) throw new HttpError(ERRORS.badGoal, `a site keeps at most ${GOALS_MAX} goals`);
    const before = await goals.saveGoal(goal, { atMs: deps.now(), by: actorOf(request.principal) });
    // Its hits for the stored days, made now rather than at its first report.
    await keepGoal(goal, deps.context);
    return reply.code(before === undefined ? 201 : 200).send(goal);
  });
  app.delete<{ Params: { id: string } }>('/api/goals/:id', { config: { access: 'editor' } }, async (request, reply) => {
    const deleted = await goals.deleteGoal(request.params.id, { atMs: deps.now(), by: actorOf(request.principal) });
    if (!deleted) throw new HttpError(ERRORS.notFound, `no goal ${request.params.id}`);
    return reply.code(204).send();
  });

  for (const definition of goalReportDefinitions(goals)) {
    app.get(`/api/reports/${definition.report}`, { config: { access: 'analyst' } }, async (request) => {
      const parsed = parseReportRequest(request.query as Record<string, unknown>, deps.reportSuite, definition.params);
      if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
      await deps.catchUp();
      return runWithSegment(definition, parsed.value, deps.context, request.principal, deps.segments && { segments: deps.segments, goals: deps.goals });
    });
  }
}
