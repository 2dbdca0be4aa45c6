/**
 * The chart notes' calls (server: reports/annotation-routes.ts), through the console's API client.
 * The charts take an AnnotationsApi from context (annotations-api-context.ts), so tests give them a fake one.
 */
import { parseAnnotationDraft, type Annotation, type AnnotationDraft } from '@mesura/protocol';
import { isRecord, type Outcome } from '../api/api-answer';
import { callApi, type ApiClientOptions } from '../api/api-client';

export const ANNOTATIONS_API_PATH = '/api/annotations';

export interface AnnotationsApi {
  /** The team's notes on the days from `from` to `to`, by day and time. */
  list(range: { from: string; to: string }, signal?: AbortSignal): Promise<Outcome<Annotation[]>>;
  create(draft: AnnotationDraft): Promise<Outcome<Annotation>>;
  update(id: string, draft: AnnotationDraft): Promise<Outcome<Annotation>>;
  remove(id: string): Promise<Outcome<undefined>>;
}

const MALFORMED = { ok: false, failure: { reason: 'malformed' } } as const;

function annotationOf(body: unknown): Annotation | undefined {
  if (!isRecord(body)) return undefined;
  const { id, author, updatedAt, ...draft } = body;
  const parsed = parseAnnotationDraft(draft);
  return parsed.ok && typeof id === 'string' && typeof author === 'string' && typeof updatedAt === 'string' ? { ...parsed.value, id, author, updatedAt } : undefined;
}

export function createAnnotationsApi(options: ApiClientOptions = {}): AnnotationsApi {
  const one = (id: string) => `${ANNOTATIONS_API_PATH}/${encodeURIComponent(id)}`;
  const saved = (result: Awaited<ReturnType<typeof callApi>>): Outcome<Annotation> => {
    if (!result.ok) return result;
    const annotation = annotationOf(result.body);
    return annotation ? { ok: true, value: annotation } : MALFORMED;
  };
  return {
    async list(range, signal) {
      const query = new URLSearchParams(range).toString();
      const result = await callApi({ method: 'GET', path: `${ANNOTATIONS_API_PATH}?${query}`, ...(signal && { signal }) }, options);
      if (!result.ok) return result;
      const annotations = isRecord(result.body) && Array.isArray(result.body.annotations) ? result.body.annotations.map(annotationOf) : undefined;
      return annotations?.every((a) => a !== undefined) ? { ok: true, value: annotations as Annotation[] } : MALFORMED;
    },
    create: async (draft) => saved(await callApi({ method: 'POST', path: ANNOTATIONS_API_PATH, json: draft }, options)),
    update: async (id, draft) => saved(await callApi({ method: 'PUT', path: one(id), json: draft }, options)),
    async remove(id) {
      const result = await callApi({ method: 'DELETE', path: one(id) }, options);
      return result.ok ? { ok: true, value: undefined } : result;
    },
  };
}
