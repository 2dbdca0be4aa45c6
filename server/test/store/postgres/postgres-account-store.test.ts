import { describe } from 'vitest';
import { accountStoreContract } from '../../helpers/account-store-contract.js';
import { testPostgres, testSchema } from '../../helpers/test-postgres.js';

const url = testPostgres();

describe.skipIf(url === undefined)('accounts in PostgreSQL', () => {
  accountStoreContract('PostgreSQL', async () => {
    const schema = testSchema(url!);
    const metadata = await schema.open();
    return { store: metadata.accounts, close: () => schema.drop() };
  });
});
