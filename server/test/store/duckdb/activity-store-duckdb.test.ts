import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { activityStoreContract } from '../../helpers/activity-store-contract.js';

activityStoreContract('embedded (DuckDB)', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-activities-'));
  const store = await openDuckDbStore(dataDir, []);
  return {
    store,
    async close() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
