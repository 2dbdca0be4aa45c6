import { describe } from 'vitest';
import { testPostgres, testSchema } from '../helpers/test-postgres.js';
import { dashboardStoreContract } from './dashboard-store-contract.js';

const url = testPostgres();

describe.skipIf(url === undefined)('dashboards in PostgreSQL', () => {
  dashboardStoreContract('PostgreSQL', async () => {
    const schema = testSchema(url!);
    const metadata = await schema.open();
    return { store: metadata.dashboards, close: () => schema.drop() };
  });
});
