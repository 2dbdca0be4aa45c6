/**
 * The dashboards' API (docs/api.md "Dashboards"). Every signed-in person has a home dashboard
 * (`home`, made at their first pin) and sees the team's shared ones; a tile is pinned from a
 * report's console address (checked as a mailed report's is: console-report-view.ts), moved up or
 * down or to a position (a drop) and removed. Their author or an admin changes a shared dashboard. Bad input is a one-line
 * 400 and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/roles.js';
import { ERRORS, HttpError } from '../http/errors.js';
import type { ReportDefinition } from '../reports/report-definition.js';
import { visibleSegment } from '../reports/report-segment.js';
import { roleAllows } from '../shared/roles.js';
import type { DashboardStore } from '../store/dashboard-store.js';
import type { SegmentStore } from '../store/segment-store.js';
import { parseReportView, reportViewPath } from '../subscriptions/console-report-view.js';
import { allDashboards, DASHBOARD_ID, HOME_DASHBOARD_NAME, newDashboardId, parseDashboardName, storedDashboardOf, type Dashboard } from './dashboard.js';
import { SHARED_DASHBOARDS_PER_USER_MAX, TILES_PER_DASHBOARD_MAX } from './dashboard-limits.js';
import { dashboardSummary, dashboardView, HOME_DASHBOARD_ALIAS, mayChangeDashboard } from './dashboard-view.js';
import { tilePeriodOf } from './tile-period.js';

export interface DashboardRouteDeps {
  dashboards: DashboardStore;
  segments: SegmentStore;
  catalogue: readonly ReportDefinition[];
  now: () => number;
}

const PLACEHOLDER_ORIGIN = 'http://console.invalid';
const bad = (reason: string) => new HttpError(ERRORS.badQuery, reason);

function bodyOf(body: unknown, fields: readonly string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad(`the body must be a JSON object with ${fields.join(', ')}`);
  const unknown = Object.keys(body).find((key) => !fields.includes(key));
  if (unknown !== undefined) throw bad(`unknown field '${unknown}'; expected ${fields.join(', ')}`);
  return body as Record<string, unknown>;
}

/** The caller's home dashboard, stored or new (saved at its first change). */
function homeOf(all: Dashboard[], principal: Principal, nowMs: number): Dashboard {
  const stored = all.find((d) => d.kind === 'home' && d.owner === principal.email);
  return stored ?? { id: newDashboardId(), kind: 'home', owner: principal.email, name: HOME_DASHBOARD_NAME, tiles: [], updatedAt: new Date(nowMs).toISOString() };
}

/** The dashboard a path names as the caller sees it: their home, or a shared one; else 404. */
async function dashboardNamed(deps: DashboardRouteDeps, id: string, principal: Principal): Promise<Dashboard> {
  const all = await allDashboards(deps.dashboards);
  if (id === HOME_DASHBOARD_ALIAS) return homeOf(all, principal, deps.now());
  const found = DASHBOARD_ID.test(id) ? all.find((d) => d.id === id && d.kind === 'shared') : undefined;
  if (found === undefined) throw new HttpError(ERRORS.notFound, `no dashboard ${id}; it may have been deleted`);
  return found;
}

async function changeable(deps: DashboardRouteDeps, id: string, principal: Principal): Promise<Dashboard> {
  const dashboard = await dashboardNamed(deps, id, principal);
  if (!mayChangeDashboard(dashboard, principal)) throw new HttpError(ERRORS.forbidden, `this dashboard is ${dashboard.owner}'s; only its author or an admin may change it`);
  return dashboard;
}

/**
 * Saves a change of the dashboard as it was read. The save answers what it replaced: when that is
 * not what was read (another server of a cluster changed it meanwhile), theirs is put back and the
 * caller asked to try again, rather than one change silently undoing the other.
 */
async function save(deps: DashboardRouteDeps, read: Dashboard, changed: Dashboard, principal: Principal): Promise<Dashboard> {
  const saved = { ...changed, updatedAt: new Date(deps.now()).toISOString() };
  const change = { atMs: deps.now(), by: principal.email };
  const before = storedDashboardOf(await deps.dashboards.saveDashboard(saved, change));
  if (before !== undefined && before.updatedAt !== read.updatedAt) {
    await deps.dashboards.saveDashboard(before, change);
    throw new HttpError(ERRORS.conflict, 'this dashboard was changed meanwhile; open it again and retry');
  }
  return saved;
}

/** Changes on this server one at a time: a read, its change and its save are never interleaved. */
function oneAtATime() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run);
    queue = next.catch(() => undefined);
    return next;
  };
}

/**
 * The tile a pin asks for: a report view the caller may read, and its period. A shared
 * dashboard's tile may name only a shared segment: the team could not read it otherwise.
 */
async function checkedTile(deps: DashboardRouteDeps, value: unknown, principal: Principal, dashboard: Dashboard) {
  const parsed = parseReportView(value, deps.catalogue);
  if (!parsed.ok) throw bad(parsed.reason);
  const period = tilePeriodOf(new URL(value as string, PLACEHOLDER_ORIGIN).searchParams);
  if (!period.ok) throw bad(`view: ${period.reason}`);
  const { definition, view } = parsed.value;
  if (!roleAllows(principal.role, definition.access ?? 'analyst')) throw new HttpError(ERRORS.forbidden, `the report ${definition.report} needs the ${definition.access} role`);
  const segment = view.segmentId === undefined ? undefined : await visibleSegment(deps.segments, view.segmentId, principal.email);
  if (segment !== undefined && dashboard.kind === 'shared' && !segment.shared) throw bad(`the segment ${view.segmentId} is yours only; share it before pinning it to a shared dashboard`);
  return { id: newDashboardId(), view: reportViewPath(view), period: period.value };
}

/** A move's body: one step (`direction` up or down, the buttons') or a position (`to`, 0 first: a drop's). */
function parseTileMove(body: Record<string, unknown>): { direction: 'up' | 'down' } | { to: number } {
  if ('to' in body === 'direction' in body) throw bad('give either direction (up or down) or to (a position, 0 first)');
  if ('direction' in body) {
    if (body.direction !== 'up' && body.direction !== 'down') throw bad('direction must be up or down');
    return { direction: body.direction };
  }
  const to = body.to;
  if (typeof to !== 'number' || !Number.isInteger(to) || to < 0 || to >= TILES_PER_DASHBOARD_MAX) throw bad(`to must be a whole number from 0 to ${TILES_PER_DASHBOARD_MAX - 1}`);
  return { to };
}

function tileIndex(dashboard: Dashboard, tileId: string): number {
  const index = dashboard.tiles.findIndex((tile) => tile.id === tileId);
  if (index < 0) throw new HttpError(ERRORS.notFound, `no tile ${tileId} on this dashboard; it may have been removed`);
  return index;
}

export async function dashboardRoutes(app: FastifyInstance, deps: DashboardRouteDeps): Promise<void> {
  const signedIn = { config: { access: 'analyst' as const } };
  const catalogue = deps.catalogue;
  const serially = oneAtATime();
  app.get('/api/dashboards', signedIn, async (request) => {
    const principal = request.principal!;
    const all = await allDashboards(deps.dashboards);
    const shared = all.filter((d) => d.kind === 'shared').sort((a, b) => a.name.localeCompare(b.name, 'ca'));
    return { dashboards: [homeOf(all, principal, deps.now()), ...shared].map((d) => dashboardSummary(d, principal)) };
  });
  app.post('/api/dashboards', signedIn, (request, reply) =>
    serially(async () => {
      const principal = request.principal!;
      const name = parseDashboardName(bodyOf(request.body, ['name']).name);
      if (!name.ok) throw bad(name.reason);
      const own = (await allDashboards(deps.dashboards)).filter((d) => d.kind === 'shared' && d.owner === principal.email);
      if (own.length >= SHARED_DASHBOARDS_PER_USER_MAX) throw bad(`a user may make at most ${SHARED_DASHBOARDS_PER_USER_MAX} shared dashboards; delete one first`);
      const fresh: Dashboard = { id: newDashboardId(), kind: 'shared', owner: principal.email, name: name.value, tiles: [], updatedAt: '' };
      const made = await save(deps, fresh, fresh, principal);
      return reply.code(201).send(dashboardView(made, principal, catalogue));
    }),
  );
  app.get<{ Params: { id: string } }>('/api/dashboards/:id', signedIn, async (request) =>
    dashboardView(await dashboardNamed(deps, request.params.id, request.principal!), request.principal, catalogue),
  );
  app.delete<{ Params: { id: string } }>('/api/dashboards/:id', signedIn, (request, reply) =>
    serially(async () => {
      if (request.params.id === HOME_DASHBOARD_ALIAS) throw bad('the home dashboard is not deleted; remove its tiles instead');
      const dashboard = await changeable(deps, request.params.id, request.principal!);
      await deps.dashboards.deleteDashboard(dashboard.id, { atMs: deps.now(), by: request.principal!.email });
      return reply.code(204).send();
    }),
  );
  tileRoutes(app, deps, serially);
}

/** A dashboard's tiles: pinned, removed, moved. */
function tileRoutes(app: FastifyInstance, deps: DashboardRouteDeps, serially: <T>(run: () => Promise<T>) => Promise<T>): void {
  const signedIn = { config: { access: 'analyst' as const } };
  const catalogue = deps.catalogue;
  app.post<{ Params: { id: string } }>('/api/dashboards/:id/tiles', signedIn, (request, reply) =>
    serially(async () => {
      const principal = request.principal!;
      const body = bodyOf(request.body, ['view']);
      const dashboard = await changeable(deps, request.params.id, principal);
      if (dashboard.tiles.length >= TILES_PER_DASHBOARD_MAX) throw bad(`a dashboard holds at most ${TILES_PER_DASHBOARD_MAX} tiles; remove one first`);
      const tile = await checkedTile(deps, body.view, principal, dashboard);
      const saved = await save(deps, dashboard, { ...dashboard, tiles: [...dashboard.tiles, tile] }, principal);
      return reply.code(201).send(dashboardView(saved, principal, catalogue));
    }),
  );
  app.delete<{ Params: { id: string; tile: string } }>('/api/dashboards/:id/tiles/:tile', signedIn, (request, reply) =>
    serially(async () => {
      const dashboard = await changeable(deps, request.params.id, request.principal!);
      const index = tileIndex(dashboard, request.params.tile);
      await save(deps, dashboard, { ...dashboard, tiles: dashboard.tiles.filter((_, at) => at !== index) }, request.principal!);
      return reply.code(204).send();
    }),
  );
  app.post<{ Params: { id: string; tile: string } }>('/api/dashboards/:id/tiles/:tile/move', signedIn, (request) =>
    serially(async () => {
      const principal = request.principal!;
      const move = parseTileMove(bodyOf(request.body, ['direction', 'to']));
      const dashboard = await changeable(deps, request.params.id, principal);
      const index = tileIndex(dashboard, request.params.tile);
      const target = 'to' in move ? move.to : move.direction === 'up' ? index - 1 : index + 1;
      if ('to' in move && target >= dashboard.tiles.length) throw bad(`to must be a position from 0 to ${dashboard.tiles.length - 1}: the dashboard holds ${dashboard.tiles.length} tiles`);
      if (target < 0 || target >= dashboard.tiles.length || target === index) return dashboardView(dashboard, principal, catalogue);
      const tiles = dashboard.tiles.filter((_, at) => at !== index);
      tiles.splice(target, 0, dashboard.tiles[index]!);
      return dashboardView(await save(deps, dashboard, { ...dashboard, tiles }, principal), principal, catalogue);
    }),
  );
}
