import { DuckDBInstance } from '@duckdb/node-api';
import { DuckDbAccountStore, ensureAccountTables } from '../../../src/store/duckdb/duckdb-accounts.js';
import { accountStoreContract } from '../../helpers/account-store-contract.js';

accountStoreContract('embedded (DuckDB)', async () => {
  const instance = await DuckDBInstance.create(':memory:');
  const setup = await instance.connect();
  await ensureAccountTables(setup);
  setup.closeSync();
  return { store: new DuckDbAccountStore(() => instance.connect()), close: async () => instance.closeSync() };
});
