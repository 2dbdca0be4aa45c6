import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openMailNoticeStore } from '../../src/store/duckdb/duckdb-mail-notices.js';
import { mailNoticeStoreContract } from '../helpers/mail-notice-store-contract.js';

mailNoticeStoreContract('DuckDB', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-mail-notices-'));
  const store = await openMailNoticeStore(dataDir);
  return {
    store,
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
