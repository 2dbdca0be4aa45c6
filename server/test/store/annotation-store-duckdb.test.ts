import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openAnnotationStore } from '../../src/store/duckdb/duckdb-annotations.js';
import { annotationStoreContract } from '../helpers/annotation-store-contract.js';

annotationStoreContract('DuckDB', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-annotations-'));
  const store = await openAnnotationStore(dataDir);
  return {
    store,
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
