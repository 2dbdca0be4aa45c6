/**
 * The Embuts area's calls (server: reports/funnel-routes.ts), through the console's API client.
 * Screens take a FunnelsApi from context (funnels-api-context.ts), so tests give them a fake one.
 */
import { parseFunnelDefinition, type FunnelDefinition } from '@mesura/protocol';
import { isRecord, type Outcome } from '../../api/api-answer';
import { callApi, type ApiClientOptions } from '../../api/api-client';

export const FUNNELS_API_PATH = '/api/funnels';

export interface FunnelsApi {
  list(signal?: AbortSignal): Promise<Outcome<FunnelDefinition[]>>;
  /** PUT of the whole definition: creates the funnel or replaces it. */
  save(funnel: FunnelDefinition): Promise<Outcome<FunnelDefinition>>;
  remove(id: string): Promise<Outcome<undefined>>;
}

const MALFORMED = { ok: false, failure: { reason: 'malformed' } } as const;

function funnelOf(body: unknown): FunnelDefinition | undefined {
  const parsed = parseFunnelDefinition(body);
  return parsed.ok ? parsed.value : undefined;
}

export function createFunnelsApi(options: ApiClientOptions = {}): FunnelsApi {
  const funnelPath = (id: string) => `${FUNNELS_API_PATH}/${encodeURIComponent(id)}`;
  return {
    async list(signal) {
      const result = await callApi({ method: 'GET', path: FUNNELS_API_PATH, ...(signal && { signal }) }, options);
      if (!result.ok) return result;
      const funnels = isRecord(result.body) && Array.isArray(result.body.funnels) ? result.body.funnels.map(funnelOf) : undefined;
      return funnels?.every((funnel) => funnel !== undefined) ? { ok: true, value: funnels as FunnelDefinition[] } : MALFORMED;
    },
    async save(funnel) {
      const result = await callApi({ method: 'PUT', path: funnelPath(funnel.id), json: funnel }, options);
      if (!result.ok) return result;
      const saved = funnelOf(result.body);
      return saved ? { ok: true, value: saved } : MALFORMED;
    },
    async remove(id) {
      const result = await callApi({ method: 'DELETE', path: funnelPath(id) }, options);
      return result.ok ? { ok: true, value: undefined } : result;
    },
  };
}
