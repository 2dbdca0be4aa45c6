import { afterEach, describe, expect, it } from 'vitest';
import { postgresEngagementStore } from '../../../src/store/postgres/postgres-engagement.js';
import { engagementStoreContract } from '../../helpers/engagement-store-contract.js';
import { testPostgres, testSchema, type TestSchema } from '../../helpers/test-postgres.js';

const url = testPostgres();

describe.skipIf(url === undefined)('poll answers and sign-ups in PostgreSQL', () => {
  engagementStoreContract('PostgreSQL', async () => {
    const schema = testSchema(url!);
    const metadata = await schema.open();
    return { store: metadata.engagement, close: () => schema.drop() };
  });

  let schema: TestSchema | undefined;
  afterEach(() => schema?.drop());

  it('never passes a bound, even with two servers answering at once', async () => {
    schema = testSchema(url!);
    const metadata = await schema.open();
    await metadata.engagement.answerPoll({ pollId: 'p', participantId: 'x', optionId: 'si', atMs: 0 });
    // Two servers, each with its own connections, bounded small.
    const bounds = { maxAnswersPerPoll: 3, maxSubscribers: 1 };
    const [boundedA, boundedB] = [await schema.pool(), await schema.pool()].map((pool) => postgresEngagementStore(pool, bounds));
    const outcomes = await Promise.all(
      ['p1', 'p2', 'p3', 'p4'].map((participant, i) => (i % 2 === 0 ? boundedA! : boundedB!).answerPoll({ pollId: 'p', participantId: participant, optionId: 'no', atMs: 1 })),
    );
    expect(outcomes.filter((outcome) => outcome === 'stored')).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(2);
    expect(await boundedA!.pollCounts('p')).toEqual({ si: 1, no: 2 });
    const pending = (tokenHash: string) => ({ tokenHash, expiresAtMs: 1 });
    expect(await Promise.all([boundedA!.subscribe('anna@example.cat', pending('a'), 0), boundedB!.subscribe('pau@example.cat', pending('p'), 0)])).toEqual(expect.arrayContaining(['created', 'full']));
  });
});
