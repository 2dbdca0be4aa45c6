/**
 * The dashboards' calls (server: dashboards/dashboard-routes.ts), through the console's API
 * client. Each answer is checked for the fields this area reads before it is shown.
 */
import type { ReportFilter } from '@mesura/protocol';
import { isRecord, type Outcome } from '../../api/api-answer';
import { callApi } from '../../api/api-client';

export type TilePeriod = { preset: string } | { from: string; to: string };

export interface DashboardTile {
  id: string;
  view: string;
  period: TilePeriod;
  report?: string;
  title?: string;
  params?: Record<string, string>;
  filters?: ReportFilter[];
  segment?: string;
  /** The console address that opens the view with its period. */
  address?: string;
  /** Why the view no longer reads (a report gone from the catalogue). */
  problem?: string;
}

export interface DashboardSummary {
  id: string;
  kind: 'home' | 'shared';
  name: string;
  owner: string;
  tileCount: number;
  mayChange: boolean;
}

export interface Dashboard extends DashboardSummary {
  tiles: DashboardTile[];
}

/** The id every person's own home dashboard has in the API. */
export const HOME_DASHBOARD_ID = 'home';

const MALFORMED = { ok: false, failure: { reason: 'malformed' } } as const;
const isSummary = (value: unknown): value is DashboardSummary => isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string' && typeof value.mayChange === 'boolean';
const isDashboard = (value: unknown): value is Dashboard => isSummary(value) && Array.isArray((value as { tiles?: unknown }).tiles);
const path = (id: string) => `/api/dashboards/${encodeURIComponent(id)}`;

async function dashboardCall(method: 'GET' | 'POST', at: string, json?: unknown, signal?: AbortSignal): Promise<Outcome<Dashboard>> {
  const result = await callApi({ method, path: at, ...(json !== undefined && { json }), ...(signal && { signal }) });
  if (!result.ok) return result;
  return isDashboard(result.body) ? { ok: true, value: result.body } : MALFORMED;
}

async function removal(at: string): Promise<Outcome<undefined>> {
  const result = await callApi({ method: 'DELETE', path: at });
  return result.ok ? { ok: true, value: undefined } : result;
}

export const dashboardsApi = {
  async list(signal?: AbortSignal): Promise<Outcome<DashboardSummary[]>> {
    const result = await callApi({ method: 'GET', path: '/api/dashboards', ...(signal && { signal }) });
    if (!result.ok) return result;
    const list = isRecord(result.body) ? result.body.dashboards : undefined;
    return Array.isArray(list) && list.every(isSummary) ? { ok: true, value: list } : MALFORMED;
  },
  dashboard: (id: string, signal?: AbortSignal) => dashboardCall('GET', path(id), undefined, signal),
  create: (name: string) => dashboardCall('POST', '/api/dashboards', { name }),
  remove: (id: string) => removal(path(id)),
  pin: (id: string, view: string) => dashboardCall('POST', `${path(id)}/tiles`, { view }),
  unpin: (id: string, tile: string) => removal(`${path(id)}/tiles/${encodeURIComponent(tile)}`),
  move: (id: string, tile: string, direction: 'up' | 'down') => dashboardCall('POST', `${path(id)}/tiles/${encodeURIComponent(tile)}/move`, { direction }),
  /** A drop: the tile to position `to` (0 first), in one request. */
  moveTo: (id: string, tile: string, to: number) => dashboardCall('POST', `${path(id)}/tiles/${encodeURIComponent(tile)}/move`, { to }),
};
