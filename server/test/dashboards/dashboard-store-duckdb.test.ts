import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDashboardStore } from '../../src/store/duckdb/duckdb-dashboards.js';
import { dashboardStoreContract } from './dashboard-store-contract.js';

dashboardStoreContract('DuckDB', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-dashboards-'));
  const store = await openDashboardStore(dataDir);
  return {
    store,
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
