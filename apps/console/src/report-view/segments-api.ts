/**
 * The segments' calls (server: reports/segment-routes.ts), through the console's API client.
 * The Segments area and the filter bar's segment picker take a SegmentsApi from context (segments-api-context.ts), so tests give them a fake one.
 */
import { parseSegmentDefinition, type StoredSegment, type SegmentDefinition } from '@mesura/protocol';
import { isRecord, type Outcome } from '../api/api-answer';
import { callApi, type ApiClientOptions } from '../api/api-client';

export const SEGMENTS_API_PATH = '/api/segments';

export interface SegmentsApi {
  /** The segments the signed-in person may apply: their own and the shared ones. */
  list(signal?: AbortSignal): Promise<Outcome<StoredSegment[]>>;
  /** PUT of the whole definition: creates the segment or replaces it. */
  save(segment: SegmentDefinition): Promise<Outcome<StoredSegment>>;
  remove(id: string): Promise<Outcome<undefined>>;
}

const MALFORMED = { ok: false, failure: { reason: 'malformed' } } as const;

function segmentOf(body: unknown): StoredSegment | undefined {
  if (!isRecord(body) || typeof body.owner !== 'string') return undefined;
  const { owner, ...definition } = body;
  const parsed = parseSegmentDefinition(definition);
  return parsed.ok ? { ...parsed.value, owner } : undefined;
}

export function createSegmentsApi(options: ApiClientOptions = {}): SegmentsApi {
  const segmentPath = (id: string) => `${SEGMENTS_API_PATH}/${encodeURIComponent(id)}`;
  return {
    async list(signal) {
      const result = await callApi({ method: 'GET', path: SEGMENTS_API_PATH, ...(signal && { signal }) }, options);
      if (!result.ok) return result;
      const segments = isRecord(result.body) && Array.isArray(result.body.segments) ? result.body.segments.map(segmentOf) : undefined;
      return segments?.every((segment) => segment !== undefined) ? { ok: true, value: segments as StoredSegment[] } : MALFORMED;
    },
    async save(segment) {
      const result = await callApi({ method: 'PUT', path: segmentPath(segment.id), json: segment }, options);
      if (!result.ok) return result;
      const saved = segmentOf(result.body);
      return saved ? { ok: true, value: saved } : MALFORMED;
    },
    async remove(id) {
      const result = await callApi({ method: 'DELETE', path: segmentPath(id) }, options);
      return result.ok ? { ok: true, value: undefined } : result;
    },
  };
}
