import { describe } from 'vitest';
import { segmentStoreContract } from '../../helpers/segment-store-contract.js';
import { testPostgres, testSchema } from '../../helpers/test-postgres.js';

const url = testPostgres();

describe.skipIf(url === undefined)('segments in PostgreSQL', () => {
  segmentStoreContract('PostgreSQL', async () => {
    const schema = testSchema(url!);
    const metadata = await schema.open();
    return { store: metadata.segments, close: () => schema.drop() };
  });
});
