/**
 * A report asked with a segment (`s=`, docs/segments.md): the segment is read from the store for
 * whoever asks (a private one only for its owner, a shared one for the team), and the report runs
 * on a reader that puts the segment's condition where its filters name it (segment-sql.ts). A
 * segment the caller cannot see answers the same one-line 404 as one that does not exist, so the
 * answer says nothing of others' private segments.
 */
import { parseGoalDefinition, parseSegmentDefinition, type GoalDefinition, type ReportAnswer, type StoredSegment } from '@mesura/protocol';
import { ERRORS, HttpError } from '../http/errors.js';
import type { GoalStore } from '../store/goal-store.js';
import { segmentConditionSql, segmentedQuery, segmentHitMatches } from '../store/queries/segment-sql.js';
import { keepMatches, readingThrough } from '../store/queries/kept-hit-matches.js';
import type { SegmentStore } from '../store/segment-store.js';
import type { ReportContext, ReportDefinition } from './report-definition.js';
import type { ReportRequest } from './report-request.js';
import { paramLabels } from './param-labels.js';

/** Where segments and the goals their conditions name are read from. */
export interface SegmentSources {
  segments: SegmentStore;
  goals: GoalStore;
}

/** The stored segment as its record, or undefined when it no longer reads as one. */
export function storedSegmentOf(stored: unknown): StoredSegment | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { owner, ...definition } = stored as Record<string, unknown>;
  const parsed = parseSegmentDefinition(definition);
  return parsed.ok && typeof owner === 'string' ? { ...parsed.value, owner } : undefined;
}

/** Whether `email` may see and apply the segment: its owner always, the team when it is shared. */
export const visibleTo = (segment: StoredSegment, email: string | undefined): boolean => segment.shared || segment.owner === email;

/** The segment of that id as `email` may see it; a one-line 404 otherwise. */
export async function visibleSegment(segments: SegmentStore, id: string, email: string | undefined): Promise<StoredSegment> {
  const segment = storedSegmentOf(await segments.segmentDefinition(id));
  if (segment === undefined || !visibleTo(segment, email)) throw new HttpError(ERRORS.notFound, `no segment ${id} you can see; choose one in Segments`);
  return segment;
}

async function goalsOf(goals: GoalStore, ids: readonly string[]): Promise<Map<string, GoalDefinition>> {
  const found = new Map<string, GoalDefinition>();
  for (const id of new Set(ids)) {
    const parsed = parseGoalDefinition(await goals.goalDefinition(id));
    if (parsed.ok) found.set(id, parsed.value);
  }
  return found;
}

/**
 * Runs the report for the request, narrowed to its segment when it names one. Without `sources`
 * (a server that keeps no segments) a segment asked for is a one-line 404, as an unknown one.
 */
export async function runWithSegment(
  definition: ReportDefinition,
  request: ReportRequest,
  context: ReportContext,
  asker: { email?: string } | undefined,
  sources: SegmentSources | undefined,
): Promise<ReportAnswer> {
  return withParamLabels(await segmentedRun(definition, request, context, asker, sources), request.params);
}

/** The answer with its parameters' names (param-labels.ts), whichever report answered. */
function withParamLabels(answer: ReportAnswer, params: Readonly<Record<string, string>>): ReportAnswer {
  const labels = paramLabels(params);
  return labels ? { ...answer, paramLabels: labels } : answer;
}

async function segmentedRun(
  definition: ReportDefinition,
  request: ReportRequest,
  context: ReportContext,
  asker: { email?: string } | undefined,
  sources: SegmentSources | undefined,
): Promise<ReportAnswer> {
  if (request.segmentId === undefined) return definition.run(request, context);
  if (sources === undefined) throw new HttpError(ERRORS.notFound, `no segment ${request.segmentId} you can see; choose one in Segments`);
  const segment = await visibleSegment(sources.segments, request.segmentId, asker?.email);
  const goalIds = segment.groups.flatMap((group) => group.conditions.flatMap((condition) => (condition.goal === undefined ? [] : [condition.goal])));
  const goals = await goalsOf(sources.goals, goalIds);
  const reader = context.reader;
  // A shared segment's page and call conditions are kept at load on DuckDB (duckdb/kept-hit-matches.ts), as goals are.
  const kept = await keepMatches(reader, segmentHitMatches(segment, goals));
  const condition = segmentConditionSql(segment, goals, kept);
  const segmented: ReportContext = { ...context, reader: readingThrough(reader, (query, values) => reader.read(segmentedQuery(query, condition), values)) };
  return definition.run({ ...request, segment: { id: segment.id, name: segment.name } }, segmented);
}
