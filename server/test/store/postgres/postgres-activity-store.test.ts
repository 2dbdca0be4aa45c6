import { describe } from 'vitest';
import { activityStoreContract } from '../../helpers/activity-store-contract.js';
import { testPostgres, testSchema } from '../../helpers/test-postgres.js';

const url = testPostgres();

describe.skipIf(url === undefined)('activities in PostgreSQL', () => {
  activityStoreContract('PostgreSQL', async () => {
    const schema = testSchema(url!);
    const metadata = await schema.open();
    return { store: metadata.activities, close: () => schema.drop() };
  });
});
