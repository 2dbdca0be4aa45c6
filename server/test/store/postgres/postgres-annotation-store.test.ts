import { describe } from 'vitest';
import { annotationStoreContract } from '../../helpers/annotation-store-contract.js';
import { testPostgres, testSchema } from '../../helpers/test-postgres.js';

const url = testPostgres();

describe.skipIf(url === undefined)('chart notes in PostgreSQL', () => {
  annotationStoreContract('PostgreSQL', async () => {
    const schema = testSchema(url!);
    const metadata = await schema.open();
    return { store: metadata.annotations, close: () => schema.drop() };
  });
});
