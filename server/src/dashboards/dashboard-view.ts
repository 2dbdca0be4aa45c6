/**
 * A dashboard as the API answers it: the home dashboard is `home` whoever asks (each sees their
 * own), and each tile names its report, title and the console address that opens it with its
 * period; a tile whose view no longer reads (a report gone from the catalogue) says why.
 */
import type { Principal } from '../auth/roles.js';
import type { ReportDefinition } from '../reports/report-definition.js';
import { roleAllows } from '../shared/roles.js';
import { parseReportView, reportViewPath } from '../subscriptions/console-report-view.js';
import type { Dashboard, DashboardTile } from './dashboard.js';
import { tilePeriodQuery } from './tile-period.js';

/** The id the API gives every person's own home dashboard. */
export const HOME_DASHBOARD_ALIAS = 'home';

export const apiIdOf = (dashboard: Dashboard): string => (dashboard.kind === 'home' ? HOME_DASHBOARD_ALIAS : dashboard.id);

/** Its author changes a shared dashboard, or an admin; the home dashboard only its person. */
export function mayChangeDashboard(dashboard: Dashboard, principal: Principal | undefined): boolean {
  if (principal === undefined) return false;
  if (dashboard.owner === principal.email) return true;
  return dashboard.kind === 'shared' && roleAllows(principal.role, 'admin');
}

function tileView(tile: DashboardTile, catalogue: readonly ReportDefinition[]) {
  const parsed = parseReportView(tile.view, catalogue);
  if (!parsed.ok) return { id: tile.id, view: tile.view, period: tile.period, problem: parsed.reason };
  const { definition, view } = parsed.value;
  const path = reportViewPath(view);
  return {
    id: tile.id,
    view: tile.view,
    period: tile.period,
    report: definition.report,
    title: definition.title,
    params: view.params,
    filters: view.filters,
    ...(view.segmentId !== undefined && { segment: view.segmentId }),
    address: `${path}&${tilePeriodQuery(tile.period)}`,
  };
}

export function dashboardSummary(dashboard: Dashboard, principal: Principal | undefined) {
  return {
    id: apiIdOf(dashboard),
    kind: dashboard.kind,
    name: dashboard.name,
    owner: dashboard.owner,
    tileCount: dashboard.tiles.length,
    mayChange: mayChangeDashboard(dashboard, principal),
    updatedAt: dashboard.updatedAt,
  };
}

export function dashboardView(dashboard: Dashboard, principal: Principal | undefined, catalogue: readonly ReportDefinition[]) {
  return { ...dashboardSummary(dashboard, principal), tiles: dashboard.tiles.map((tile) => tileView(tile, catalogue)) };
}
