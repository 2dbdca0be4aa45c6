/**
 * The segments' API (docs/segments.md). Any analyst lists the segments they may apply (their own
 * and the shared ones), makes their own (private unless shared), and changes or deletes a segment
 * they may change: their own, or a shared one when they are an editor or admin. Nobody sees,
 * changes or deletes another's private segment: to them it does not exist (404). Each change is
 * kept in the segment's history, who and when; a refused definition is a one-line 400.
 */
import { parseSegmentDefinition, SEGMENTS_MAX, type SegmentDefinition, type StoredSegment } from '@mesura/protocol';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/roles.js';
import { ERRORS, HttpError } from '../http/errors.js';
import { roleAllows } from '../shared/roles.js';
import type { GoalStore } from '../store/goal-store.js';
import type { SegmentStore } from '../store/segment-store.js';
import { storedSegmentOf, visibleSegment, visibleTo } from './report-segment.js';

export interface SegmentRouteDeps {
  segments: SegmentStore;
  /** The goals a goal condition names, checked when saved. */
  goals: GoalStore;
  now: () => number;
}

const emailOf = (principal: Principal | undefined): string => principal?.email ?? 'unknown';

/** Whether the caller may change or delete a segment they can see: their own, or a shared one as an editor or admin. */
const mayChange = (segment: StoredSegment, principal: Principal | undefined) =>
  segment.owner === principal?.email || (segment.shared && principal !== undefined && roleAllows(principal.role, 'editor'));

async function checkedSegment(body: unknown, id: string, goals: GoalStore): Promise<SegmentDefinition> {
  const parsed = parseSegmentDefinition(body);
  if (!parsed.ok) throw new HttpError(ERRORS.badSegment, parsed.reason);
  const segment = parsed.value;
  if (segment.id !== id) throw new HttpError(ERRORS.badSegment, `the body's id ${segment.id} is not the path's`);
  for (const condition of segment.groups.flatMap((group) => group.conditions)) {
    if (condition.goal !== undefined && (await goals.goalDefinition(condition.goal)) === undefined) {
      throw new HttpError(ERRORS.badSegment, `there is no goal ${condition.goal}; define it in Objectius first`);
    }
  }
  return segment;
}

async function visibleSegments(segments: SegmentStore, email: string | undefined): Promise<StoredSegment[]> {
  return (await segments.segmentDefinitions()).flatMap((stored) => {
    const segment = storedSegmentOf(stored);
    return segment !== undefined && visibleTo(segment, email) ? [segment] : [];
  });
}

export async function segmentRoutes(app: FastifyInstance, deps: SegmentRouteDeps): Promise<void> {
  const { segments } = deps;
  const analyst = { config: { access: 'analyst' as const } };
  app.get('/api/segments', analyst, async (request) => ({ segments: await visibleSegments(segments, request.principal?.email) }));
  app.get<{ Params: { id: string } }>('/api/segments/:id', analyst, async (request) => visibleSegment(segments, request.params.id, request.principal?.email));
  app.get<{ Params: { id: string } }>('/api/segments/:id/history', analyst, async (request) => {
    const changes = await segments.segmentHistory(request.params.id);
    const email = request.principal?.email;
    // The history goes with the segment: whoever may see it now; once deleted, whoever could see its last version.
    const current = storedSegmentOf(await segments.segmentDefinition(request.params.id));
    const last = changes.at(-1)?.before ?? undefined;
    const seen = current ?? last;
    if (seen === undefined || !visibleTo(seen, email)) throw new HttpError(ERRORS.notFound, `no segment ${request.params.id} you can see`);
    return { changes };
  });
  app.put<{ Params: { id: string } }>('/api/segments/:id', analyst, async (request, reply) => {
    const segment = await checkedSegment(request.body, request.params.id, deps.goals);
    const known = storedSegmentOf(await segments.segmentDefinition(segment.id));
    if (known !== undefined && !visibleTo(known, request.principal?.email)) throw new HttpError(ERRORS.badSegment, `the id ${segment.id} is taken; choose another`);
    if (known !== undefined && !mayChange(known, request.principal))
      throw new HttpError(ERRORS.forbidden, `segment ${segment.id} is ${known.owner}'s; only its owner, or an editor if it is shared, may change it`);
    if (known === undefined && (await segments.segmentDefinitions()).length >= SEGMENTS_MAX) throw new HttpError(ERRORS.badSegment, `a site keeps at most ${SEGMENTS_MAX} segments`);
    const stored: StoredSegment = { ...segment, owner: known?.owner ?? emailOf(request.principal) };
    const before = await segments.saveSegment(stored, { atMs: deps.now(), by: emailOf(request.principal) });
    return reply.code(before === undefined ? 201 : 200).send(stored);
  });
  app.delete<{ Params: { id: string } }>('/api/segments/:id', analyst, async (request, reply) => {
    const known = await visibleSegment(segments, request.params.id, request.principal?.email);
    if (!mayChange(known, request.principal)) throw new HttpError(ERRORS.forbidden, `segment ${known.id} is ${known.owner}'s; only its owner, or an editor, may delete it`);
    await segments.deleteSegment(known.id, { atMs: deps.now(), by: emailOf(request.principal) });
    return reply.code(204).send();
  });
}
