/**
 * A dashboard as the console's address names it (`/consola/taulers/home`, `/consola/taulers/<id>`:
 * apps/console taulers-area.tsx), which a subscription may keep instead of a report view. `home`
 * is the reader's own: a subscription's owner's. Nothing else of the address is kept.
 */
import { CONSOLE_BASE_PATH } from '@mesura/protocol';
import type { Result } from '@mesura/protocol';
import type { DashboardStore } from '../store/dashboard-store.js';
import { allDashboards, DASHBOARD_ID, HOME_DASHBOARD_NAME } from './dashboard.js';
import { HOME_DASHBOARD_ALIAS } from './dashboard-view.js';

/** Where the dashboards are in the console (apps/console taulers-paths.ts, under /consola). */
const DASHBOARDS_PATH = `${CONSOLE_BASE_PATH}/taulers/`;
const PLACEHOLDER_ORIGIN = 'http://console.invalid';
const DASHBOARD_PATH = /^\/consola\/taulers\/([^/]+)\/?$/;

/** Whether an address is of the dashboards' area, and so read here rather than as a report view. */
export const isDashboardAddress = (value: unknown): value is string => typeof value === 'string' && value.startsWith(DASHBOARDS_PATH);

/** The dashboard's API id (`home` or its own) of a console address under /consola/taulers/. */
export function parseDashboardAddress(value: string): Result<string> {
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return { ok: false, reason: 'view is not an address' };
  }
  const id = DASHBOARD_PATH.exec(url.pathname)?.[1];
  if (url.origin !== PLACEHOLDER_ORIGIN || id === undefined || (id !== HOME_DASHBOARD_ALIAS && !DASHBOARD_ID.test(id))) {
    return { ok: false, reason: 'view must be a dashboard of the console, such as /consola/taulers/home' };
  }
  if (url.search !== '' || url.hash !== '') return { ok: false, reason: 'a dashboard view takes no parameters: each tile keeps its own' };
  return { ok: true, value: id };
}

/** The address a subscription keeps, and the mail's link (at `origin`, the server's public address). */
export const dashboardAddress = (id: string, origin = ''): string => `${origin}${DASHBOARDS_PATH}${id}`;

/** A dashboard as a mail shows it: its name and its tiles' views, in order. */
export interface MailedDashboard {
  name: string;
  tileViews: readonly string[];
}

/**
 * The dashboards as the mailed reports read them (subscriptions/mailed-dashboard.ts
 * `MailedDashboardSource`): the address's id, and the dashboard as `email` sees it now: their own
 * home (named, without tiles, before its first pin), or a shared one; undefined when it is gone.
 */
export function mailedDashboardSource(store: Pick<DashboardStore, 'dashboards'>) {
  return {
    isAddress: isDashboardAddress,
    parse: parseDashboardAddress,
    address: dashboardAddress,
    async visible(id: string, email: string): Promise<MailedDashboard | undefined> {
      const all = await allDashboards(store);
      const found = id === HOME_DASHBOARD_ALIAS ? all.find((d) => d.kind === 'home' && d.owner === email) : all.find((d) => d.id === id && d.kind === 'shared');
      if (found !== undefined) return { name: found.name, tileViews: found.tiles.map((tile) => tile.view) };
      return id === HOME_DASHBOARD_ALIAS ? { name: HOME_DASHBOARD_NAME, tileViews: [] } : undefined;
    },
  };
}
