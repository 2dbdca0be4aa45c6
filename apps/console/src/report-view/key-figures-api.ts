/**
 * The key figures' call (server: reports/key-figures-routes.ts), through the console's API client.
 * The areas take a KeyFiguresApi from context (key-figures-api-context.ts), so tests give them a fake one.
 */
import type { KeyFiguresAnswer } from '@mesura/protocol';
import { isRecord, type Outcome } from '../api/api-answer';
import { callApi, type ApiClientOptions } from '../api/api-client';
import type { ReportScreenState } from './report-state';

/**
 * The catalogue areas whose figures the server answers (reports/key-figures.ts AREA_KEY_FIGURES):
 * asked only for these, so an area without figures asks nothing.
 */
export const KEY_FIGURE_AREAS: readonly string[] = ['audience', 'content', 'acquisition', 'search', 'technology', 'geography', 'media', 'consent'];

export interface KeyFiguresApi {
  /** `query` is keyFiguresQuery's. */
  keyFigures(area: string, query: string, signal?: AbortSignal): Promise<Outcome<KeyFiguresAnswer>>;
}

/** The API query of the key figures for the screen's state: its range, filters and segment (the comparison is always the previous period). */
export function keyFiguresQuery(state: Pick<ReportScreenState, 'range' | 'filters' | 'segment'>): string {
  const query = new URLSearchParams({ from: state.range.from, to: state.range.to });
  for (const filter of state.filters) query.append('f', `${filter.dimension}:${filter.value}`);
  if (state.segment) query.set('s', state.segment);
  return query.toString();
}

function isAnswer(body: unknown): body is KeyFiguresAnswer {
  return (
    isRecord(body) &&
    Array.isArray(body.figures) &&
    Array.isArray(body.days) &&
    body.figures.every((f) => isRecord(f) && typeof f.key === 'string' && typeof f.label === 'string' && Array.isArray(f.series))
  );
}

export function createKeyFiguresApi(options: ApiClientOptions = {}): KeyFiguresApi {
  return {
    async keyFigures(area, query, signal) {
      if (!KEY_FIGURE_AREAS.includes(area)) return { ok: false, failure: { reason: 'malformed' } };
      const result = await callApi({ method: 'GET', path: `/api/key-figures/${area}?${query}`, ...(signal && { signal }) }, options);
      if (!result.ok) return result;
      return isAnswer(result.body) ? { ok: true, value: result.body } : { ok: false, failure: { reason: 'malformed' } };
    },
  };
}
