import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openVisitorStore } from '../src/visitors/visitor-store.js';
import { visitorStoreContract } from './helpers/visitor-store-contract.js';

visitorStoreContract('embedded (DuckDB)', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-visitors-'));
  const store = await openVisitorStore(dataDir);
  return {
    store,
    async close() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
