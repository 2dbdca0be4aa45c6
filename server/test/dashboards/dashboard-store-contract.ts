/**
 * What every DashboardStore does (store/dashboard-store.ts): run on DuckDB and PostgreSQL. A
 * dashboard is kept whole with its tiles in order, replaced when saved again, and deleted once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/dashboards/dashboard.js';
import type { DashboardStore } from '../../src/store/dashboard-store.js';

export interface OpenedDashboardStore {
  store: DashboardStore;
  close(): Promise<void>;
}

const HOME: Dashboard = {
  id: '00000000000000a1',
  kind: 'home',
  owner: 'pau@example.cat',
  name: 'El meu tauler',
  tiles: [
    { id: '00000000000000c1', view: '/consola/contingut/?informe=content%2Fpages', period: { preset: '30-dies' } },
    { id: '00000000000000c2', view: '/consola/audiencia/?informe=audience%2Fby-day', period: { from: '2026-11-01', to: '2026-11-15' } },
  ],
  updatedAt: '2026-11-22T20:00:00.000Z',
};
const NEWSROOM: Dashboard = { id: '00000000000000b2', kind: 'shared', owner: 'marta@example.cat', name: 'Redacció', tiles: [], updatedAt: '2026-11-21T08:00:00.000Z' };

export function dashboardStoreContract(engine: string, open: () => Promise<OpenedDashboardStore>): void {
  describe(`the ${engine} dashboard store`, () => {
    let opened: OpenedDashboardStore;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(() => opened.close());

    it('keeps dashboards whole with their tiles in order, replaces one saved again, and deletes one once', async () => {
      const { store } = opened;
      expect(await store.saveDashboard(NEWSROOM, { atMs: 1_000, by: NEWSROOM.owner })).toBeUndefined();
      expect(await store.saveDashboard(HOME, { atMs: 2_000, by: HOME.owner })).toBeUndefined();
      expect(await store.dashboards()).toEqual([HOME, NEWSROOM]);
      const moved = { ...HOME, tiles: [HOME.tiles[1]!, HOME.tiles[0]!], updatedAt: '2026-11-23T09:00:00.000Z' };
      expect(await store.saveDashboard(moved, { atMs: 3_000, by: HOME.owner })).toEqual(HOME);
      expect(await store.dashboard(HOME.id)).toEqual(moved);
      expect(await store.deleteDashboard(NEWSROOM.id, { atMs: 4_000, by: 'admin@example.cat' })).toBe(true);
      expect(await store.deleteDashboard(NEWSROOM.id, { atMs: 5_000, by: 'admin@example.cat' })).toBe(false);
      expect(await store.dashboards()).toEqual([moved]);
      expect(await store.dashboard(NEWSROOM.id)).toBeUndefined();
    });
  });
}
