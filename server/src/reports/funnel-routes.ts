/**
 * The funnels' API (docs/funnels.md): `GET /api/funnels` and `GET /api/funnels/:id` for analysts,
 * `PUT /api/funnels/:id` (create or replace) and `DELETE /api/funnels/:id` for editors, each change
 * kept in `GET /api/funnels/:id/history`; and the funnel reports at `GET /api/reports/funnels/{steps,lost}`
 * (funnel-reports.ts). A refused definition is a one-line 400 and changes nothing.
 */
import { FUNNELS_MAX, parseFunnelDefinition, type FunnelDefinition } from '@mesura/protocol';
import type { FastifyInstance } from 'fastify';
import { ERRORS, HttpError } from '../http/errors.js';
import type { FunnelStore } from '../store/funnel-store.js';
import type { GoalStore } from '../store/goal-store.js';
import { funnelReportDefinitions, keepFunnelSteps, storedFunnel } from './funnel-reports.js';
import type { ReportContext } from './report-definition.js';
import { parseReportRequest } from './report-request.js';
import { runWithSegment } from './report-segment.js';
import type { SegmentStore } from '../store/segment-store.js';

export interface FunnelRouteDeps {
  funnels: FunnelStore;
  /** The goals a goal step names, checked when saved and read at each report. */
  goals: GoalStore;
  context: ReportContext;
  reportSuite: string;
  /** Loads what the collector acknowledged unless the store is fresh enough (config.ts MESURA_REPORT_MAX_LAG_MS), as the catalogue's reports do. */
  catchUp: () => Promise<void>;
  now: () => number;
  /** The segments its reports may be asked with (`s=`). */
  segments?: SegmentStore;
}

/** The stored funnels that still read as definitions (one a later release refuses is left out, not fatal). */
async function storedFunnels(funnels: FunnelStore): Promise<FunnelDefinition[]> {
  return (await funnels.funnelDefinitions()).flatMap((stored) => {
    const parsed = parseFunnelDefinition(stored);
    return parsed.ok ? [parsed.value] : [];
  });
}

/** Who a history row names: the caller's e-mail (an API token's owner included). */
const actorOf = (principal: { email?: string } | undefined): string => principal?.email ?? 'unknown';

/** The definition of the body, checked against the path and the stored goals; a one-line 400 otherwise. */
async function checkedFunnel(body: unknown, id: string, deps: FunnelRouteDeps): Promise<FunnelDefinition> {
  const parsed = parseFunnelDefinition(body);
  if (!parsed.ok) throw new HttpError(ERRORS.badFunnel, parsed.reason);
  const funnel = parsed.value;
  if (funnel.id !== id) throw new HttpError(ERRORS.badFunnel, `the body's id ${funnel.id} is not the path's`);
  for (const [index, step] of funnel.steps.entries()) {
    if (step.type === 'goal' && (await deps.goals.goalDefinition(step.goal ?? '')) === undefined) {
      throw new HttpError(ERRORS.badFunnel, `step ${index + 1}: there is no goal ${step.goal}; define it in Objectius first`);
    }
  }
  return funnel;
}

export async function funnelRoutes(app: FastifyInstance, deps: FunnelRouteDeps): Promise<void> {
  const { funnels } = deps;
  app.get('/api/funnels', { config: { access: 'analyst' } }, async () => ({ funnels: await storedFunnels(funnels) }));
  app.get<{ Params: { id: string } }>('/api/funnels/:id', { config: { access: 'analyst' } }, async (request) => storedFunnel(funnels, request.params.id));
  app.get<{ Params: { id: string } }>('/api/funnels/:id/history', { config: { access: 'analyst' } }, async (request) => ({ changes: await funnels.funnelHistory(request.params.id) }));
  app.put<{ Params: { id: string } }>('/api/funnels/:id', { config: { access: 'editor' } }, async (request, reply) => {
    const funnel = await checkedFunnel(request.body, request.params.id, deps);
    const known = await funnels.funnelDefinition(funnel.id);
    if (known === undefined && (await funnels.funnelDefinitions()).length >= FUNNELS_MAX) throw new HttpError(ERRORS.badFunnel, `a site keeps at most ${FUNNELS_MAX} funnels`);
    const before = await funnels.saveFunnel(funnel, { atMs: deps.now(), by: actorOf(request.principal) });
    // Its steps' hits for the stored days, made now rather than at its first report.
    await keepFunnelSteps(funnel, deps.goals, deps.context);
    return reply.code(before === undefined ? 201 : 200).send(funnel);
  });
  app.delete<{ Params: { id: string } }>('/api/funnels/:id', { config: { access: 'editor' } }, async (request, reply) => {
    const deleted = await funnels.deleteFunnel(request.params.id, { atMs: deps.now(), by: actorOf(request.principal) });
    if (!deleted) throw new HttpError(ERRORS.notFound, `no funnel ${request.params.id}`);
    return reply.code(204).send();
  });

  for (const definition of funnelReportDefinitions(funnels, deps.goals)) {
    app.get(`/api/reports/${definition.report}`, { config: { access: 'analyst' } }, async (request) => {
      const parsed = parseReportRequest(request.query as Record<string, unknown>, deps.reportSuite, definition.params);
      if (!parsed.ok) throw new HttpError(ERRORS.badQuery, parsed.reason);
      await deps.catchUp();
      return runWithSegment(definition, parsed.value, deps.context, request.principal, deps.segments && { segments: deps.segments, goals: deps.goals });
    });
  }
}
