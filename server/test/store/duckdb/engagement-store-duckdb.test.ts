import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_DB_FILE_NAME, openEngagementStore } from '../../../src/store/duckdb/duckdb-engagement.js';
import { engagementStoreContract } from '../../helpers/engagement-store-contract.js';

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

describe('a data folder from before address confirmation', () => {
  it('keeps its subscribers, who count as confirmed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-engagement-'));
    // The table as the first release made it.
    const instance = await DuckDBInstance.create(path.join(dataDir, ENGAGEMENT_DB_FILE_NAME));
    const connection = await instance.connect();
    await connection.run('CREATE TABLE newsletter_subscribers (email VARCHAR PRIMARY KEY, subscribed_at TIMESTAMP_MS NOT NULL)');
    await connection.run(`INSERT INTO newsletter_subscribers VALUES ('anna@example.cat', make_timestamp_ms(1))`);
    connection.closeSync();
    instance.closeSync();
    const store = await openEngagementStore(dataDir);
    expect(await store.subscribe('anna@example.cat', { tokenHash: 't', expiresAtMs: 10 }, 2)).toBe('exists');
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
