import { afterEach, describe, expect, it } from 'vitest';
import { METADATA_MIGRATIONS, migrateMetadata } from '../../../src/store/postgres/metadata-migrations.js';
import { postgresVisitorStore } from '../../../src/store/postgres/postgres-visitors.js';
import { visitorStoreContract } from '../../helpers/visitor-store-contract.js';
import { testPostgres, testSchema, type TestSchema } from '../../helpers/test-postgres.js';

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
      ['v1', 'v2', 'v3', 'v4'].map((id, i) => (i % 2 === 0 ? a! : b!).signUp({ id, email: `${id}@example.cat`, name: id, passwordHash: 'h', confirmation: { tokenHash: id, expiresAtMs: 1 } }, 0)),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(2);
    const added = await Promise.all([a!.addToList('v1', { type: 'article', id: '1', addedAt: 0 }), b!.addToList('v1', { type: 'article', id: '2', addedAt: 0 })]);
    expect(added.sort()).toEqual(['added', 'full']);
  });

  it('counts the accounts of a database from before address confirmation as confirmed', async () => {
    schema = testSchema(url!);
    const pool = await schema.pool();
    await migrateMetadata(
      pool,
      // The steps before it only: a later step recorded would leave it never to run.
      METADATA_MIGRATIONS.slice(
        0,
        METADATA_MIGRATIONS.findIndex((step) => step.name === 'address confirmation'),
      ),
    );
    await pool.query(`INSERT INTO visitor_accounts (id, email, name, password_hash, created_at_ms) VALUES ('v1', 'anna@example.cat', 'Anna', 'h', 0)`);
    await pool.query(`INSERT INTO newsletter_subscribers (email, subscribed_at_ms) VALUES ('anna@example.cat', 0)`);
    const metadata = await schema.open();
    expect(await metadata.visitors.byEmail('anna@example.cat')).toMatchObject({ id: 'v1', confirmed: true });
    expect(await metadata.engagement.subscribe('anna@example.cat', { tokenHash: 't', expiresAtMs: 10 }, 1)).toBe('exists');
  });
});
