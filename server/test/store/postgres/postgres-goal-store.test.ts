import { describe, expect, it } from 'vitest';
import { goalStoreContract } from '../../helpers/goal-store-contract.js';
import { testPostgres, testSchema } from '../../helpers/test-postgres.js';

const url = testPostgres();

describe.skipIf(url === undefined)('site goals in PostgreSQL', () => {
  goalStoreContract('PostgreSQL', async () => {
    const schema = testSchema(url!);
    const metadata = await schema.open();
    return { store: metadata.goals, close: () => schema.drop() };
  });
});

describe.skipIf(url === undefined)('site goals in PostgreSQL, two servers', () => {
  it('makes the tables once when two servers start together, and each reads what the other saved', async () => {
    const schema = testSchema(url!);
    try {
      // The schema first (a cluster's is there before its servers): what races is the goal tables.
      await schema.pool();
      const [a, b] = await Promise.all([schema.open(), schema.open()]);
      await a!.goals.saveGoal({ id: 'cerca', name: 'Cerca', type: 'search' }, { atMs: 1, by: 'marta@example.cat' });
      expect(await b!.goals.goalDefinitions()).toEqual([{ id: 'cerca', name: 'Cerca', type: 'search' }]);
    } finally {
      await schema.drop();
    }
  });
});
