import { afterEach, describe, expect, it } from 'vitest';
import { postgresVisitorStore } from '../src/store/postgres/postgres-visitors.js';
import { visitorStoreContract } from './helpers/visitor-store-contract.js';
import { testPostgres, testSchema, type TestSchema } from './helpers/test-postgres.js';

const url = testPostgres();

describe.skipIf(url === undefined)('visitor accounts in PostgreSQL', () => {
  visitorStoreContract('PostgreSQL', async () => {
    const schema = testSchema(url!);
    const metadata = await schema.open();
    return { store: metadata.visitors, close: () => schema.drop() };
  });

  let schema: TestSchema | undefined;
  afterEach(() => schema?.drop());

  it('never passes the account or list bound, even with two servers signing up at once', async () => {
    schema = testSchema(url!);
    await schema.open();
    const bounds = { maxAccounts: 2, maxListItems: 1 };
    const [a, b] = [await schema.pool(), await schema.pool()].map((pool) => postgresVisitorStore(pool, bounds));
    const outcomes = await Promise.all(
      ['v1', 'v2', 'v3', 'v4'].map((id, i) => (i % 2 === 0 ? a! : b!).create({ id, email: `${id}@example.cat`, name: id, passwordHash: 'h' }, 0)),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(2);
    const added = await Promise.all([a!.addToList('v1', { type: 'article', id: '1', addedAt: 0 }), b!.addToList('v1', { type: 'article', id: '2', addedAt: 0 })]);
    expect(added.sort()).toEqual(['added', 'full']);
  });
});
