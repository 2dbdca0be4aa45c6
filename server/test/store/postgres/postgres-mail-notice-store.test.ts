import { describe } from 'vitest';
import { mailNoticeStoreContract } from '../../helpers/mail-notice-store-contract.js';
import { testPostgres, testSchema } from '../../helpers/test-postgres.js';

const url = testPostgres();

describe.skipIf(url === undefined)('mailed reports and alerts in PostgreSQL', () => {
  mailNoticeStoreContract('PostgreSQL', async () => {
    const schema = testSchema(url!);
    const metadata = await schema.open();
    return { store: metadata.mailNotices, close: () => schema.drop() };
  });
});
