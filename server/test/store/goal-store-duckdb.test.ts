import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openGoalStore } from '../../src/store/duckdb/duckdb-goals.js';
import { goalStoreContract } from '../helpers/goal-store-contract.js';

goalStoreContract('DuckDB', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-goals-'));
  const store = await openGoalStore(dataDir);
  return {
    store,
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
