import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEngagementStore } from '../src/engagement/engagement-store.js';
import { engagementStoreContract } from './helpers/engagement-store-contract.js';

engagementStoreContract('embedded (DuckDB)', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-engagement-'));
  const store = await openEngagementStore(dataDir);
  return {
    store,
    async close() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
