import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openFunnelStore } from '../../src/store/duckdb/duckdb-funnels.js';
import { funnelStoreContract } from '../helpers/funnel-store-contract.js';

funnelStoreContract('DuckDB', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-funnels-'));
  const store = await openFunnelStore(dataDir);
  return {
    store,
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
