import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { VISITORS_DB_FILE_NAME, openVisitorStore } from '../../../src/store/duckdb/duckdb-visitors.js';
import { visitorStoreContract } from '../../helpers/visitor-store-contract.js';

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

describe('a data folder from before address confirmation', () => {
  it('keeps its accounts, which count as confirmed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-visitors-'));
    // The table as the first release made it.
    const instance = await DuckDBInstance.create(path.join(dataDir, VISITORS_DB_FILE_NAME));
    const connection = await instance.connect();
    await connection.run(
      `CREATE TABLE visitor_accounts (id VARCHAR PRIMARY KEY, email VARCHAR NOT NULL UNIQUE, name VARCHAR NOT NULL,
         password_hash VARCHAR NOT NULL, created_at TIMESTAMP_MS NOT NULL)`,
    );
    await connection.run(`INSERT INTO visitor_accounts VALUES ('v1', 'anna@example.cat', 'Anna', 'hash-1', make_timestamp_ms(1))`);
    connection.closeSync();
    instance.closeSync();
    const store = await openVisitorStore(dataDir);
    expect(await store.byEmail('anna@example.cat')).toEqual({ id: 'v1', email: 'anna@example.cat', name: 'Anna', passwordHash: 'hash-1', confirmed: true });
    expect(await store.signUp({ id: 'v2', email: 'anna@example.cat', name: 'X', passwordHash: 'h', confirmation: { tokenHash: 't', expiresAtMs: 10 } }, 2)).toBe('exists');
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
