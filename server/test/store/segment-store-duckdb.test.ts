import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSegmentStore } from '../../src/store/duckdb/duckdb-segments.js';
import { segmentStoreContract } from '../helpers/segment-store-contract.js';

segmentStoreContract('DuckDB', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-segments-'));
  const store = await openSegmentStore(dataDir);
  return {
    store,
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
