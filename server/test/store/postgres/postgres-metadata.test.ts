/**
 * The PostgreSQL metadata store's own behaviour: its schema steps, activities shared by several
 * decision servers, and the site's content (accounts: postgres-account-store.test.ts).
 */
import { createSeedContent } from '@mesura/content';
import { afterEach, describe, expect, it } from 'vitest';
import { ACTIVITY_REFRESH_MS, openActivityCatalog, type CatalogTimers } from '../../../src/decide/activity-catalog.js';
import { createRedirectPolicy } from '../../../src/decide/redirect-policy.js';
import { METADATA_MIGRATIONS, migrateMetadata } from '../../../src/store/postgres/metadata-migrations.js';
import { openPostgresMetadata } from '../../../src/store/postgres/postgres-metadata.js';
import { METADATA_STATEMENT_TIMEOUT_MS } from '../../../src/store/postgres/postgres-pool.js';
import { OperatorError } from '../../../src/operator-error.js';
import { parsePostgresUrl } from '../../../src/store/postgres/postgres-url.js';
import { testActivity } from '../../helpers/activity.js';
import { testPostgres, testSchema, type TestSchema } from '../../helpers/test-postgres.js';

const url = testPostgres();
let schema: TestSchema | undefined;
afterEach(async () => {
  await schema?.drop();
  schema = undefined;
});

function offer(id: string, html: string) {
  return testActivity({ id, name: id, experiences: [{ id: 'a', name: 'A', share: 1, offer: { id: 'o', name: 'O', html } }] });
}

describe('opening the metadata database', () => {
  it('refuses an unreachable server in one line naming the address without its password', async () => {
    // Port 1 on loopback: nothing listens there.
    const unreachable = parsePostgresUrl('MESURA_METADATA', 'postgres://mesura:s3cret@127.0.0.1:1/metadata');
    const opening = openPostgresMetadata(unreachable, { onIdleError: () => undefined });
    await expect(opening).rejects.toThrow(/^cannot reach the metadata database mesura@127\.0\.0\.1:1\/metadata: /);
    await expect(opening).rejects.not.toThrow(/s3cret/);
  });
});

describe.skipIf(url === undefined)('the metadata schema', () => {
  it('is made by every step on first start, in order, and recorded; a second start runs none', async () => {
    schema = testSchema(url!);
    const first = await schema.open();
    expect(first.migrated.map((m) => m.version)).toEqual(METADATA_MIGRATIONS.map((m) => m.version));
    const second = await schema.open();
    expect(second.migrated).toEqual([]);
    const pool = await schema.pool();
    const { rows } = await pool.query('SELECT version FROM schema_version ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(METADATA_MIGRATIONS.map((m) => m.version));
  });

  it('cancels any statement running past METADATA_STATEMENT_TIMEOUT_MS', async () => {
    schema = testSchema(url!);
    const pool = await schema.pool();
    const { rows } = await pool.query(`SELECT current_setting('statement_timeout') AS timeout`);
    expect(rows[0]!.timeout).toBe(`${METADATA_STATEMENT_TIMEOUT_MS / 1000}s`);
  });

  it('leaves the schema as it was when a step fails, and refuses a database newer than the code', async () => {
    schema = testSchema(url!);
    const pool = await schema.pool();
    const newest = METADATA_MIGRATIONS.at(-1)!.version;
    const broken = [...METADATA_MIGRATIONS, { version: newest + 1, name: 'broken', sql: 'CREATE TABLE later (x integer); SELECT * FROM no_such_table' }];
    await expect(migrateMetadata(pool, broken)).rejects.toThrow(/no_such_table/);
    const tables = await pool.query(`SELECT count(*) AS n FROM pg_tables WHERE schemaname = $1`, [schema.schema]);
    expect(Number(tables.rows[0]!.n)).toBe(0);

    await migrateMetadata(pool);
    await pool.query('INSERT INTO schema_version (version, applied_at_ms) VALUES (99, 0)');
    const refusal = migrateMetadata(pool);
    await expect(refusal).rejects.toBeInstanceOf(OperatorError);
    await expect(refusal).rejects.toThrow(
      `the metadata database is at schema version 99, newer than this Mesura knows (${newest}): it was written by a newer release and is left unchanged; run that release, or restore the backup taken before the upgrade (docs/operations.md "Upgrades and rollbacks")`,
    );
  });
});

/** Interval timers the test fires by hand. */
function manualTimers(): CatalogTimers & { fire(): Promise<unknown>; ms: number[] } {
  const callbacks: (() => Promise<void>)[] = [];
  const ms: number[] = [];
  return {
    ms,
    setInterval: (callback, every) => (ms.push(every), callbacks.push(callback)),
    clearInterval: () => undefined,
    fire: () => Promise.all(callbacks.map((callback) => callback())),
  };
}

describe.skipIf(url === undefined)('activities shared by two decision servers', () => {
  it('keeps a change and its history in one transaction, numbering the changes', async () => {
    schema = testSchema(url!);
    const { activities } = await schema.open();
    expect(await activities.activitiesVersion()).toBe(0);
    await activities.saveActivity(offer('portada', '<p>u</p>'), { atMs: Date.UTC(2026, 0, 1), by: 'system' });
    await activities.saveActivity(offer('portada', '<p>dos</p>'), { atMs: Date.UTC(2026, 0, 2), by: 'anna@example.cat' });
    expect(await activities.activityDefinitions()).toEqual([offer('portada', '<p>dos</p>')]);
    expect(await activities.activitiesVersion()).toBe(2);
    const history = await activities.activityHistory('portada');
    expect(history.map((change) => [change.at, change.by])).toEqual([
      ['2026-01-02T00:00:00.000Z', 'anna@example.cat'],
      ['2026-01-01T00:00:00.000Z', 'system'],
    ]);
    expect(history[0]!.before).toEqual(offer('portada', '<p>u</p>'));
    expect(history[1]!.before).toBeNull();
  });

  it('numbers the changes of two servers saving one activity at once apart', async () => {
    schema = testSchema(url!);
    const [a, b] = [await schema.open(), await schema.open()];
    await Promise.all([
      a.activities.saveActivity(offer('portada', '<p>a</p>'), { atMs: 1, by: 'a@example.cat' }),
      b.activities.saveActivity(offer('portada', '<p>b</p>'), { atMs: 1, by: 'b@example.cat' }),
    ]);
    const history = await a.activities.activityHistory('portada');
    expect(history).toHaveLength(2);
    expect(history[1]!.before).toBeNull();
    expect(history[0]!.before).toEqual(history[1]!.after);
  });

  it('is seeded once when two servers start together on an empty database', async () => {
    schema = testSchema(url!);
    const [a, b] = [await schema.open(), await schema.open()];
    const seeds = [offer('portada', '<p>u</p>'), offer('esports', '<p>e</p>')];
    const seeded = await Promise.all([a, b].map(({ activities }) => activities.seedActivities(seeds, { atMs: 0, by: 'system' })));
    expect(seeded.sort()).toEqual([false, true]);
    expect(await a.activities.activitiesVersion()).toBe(2);
    expect(await a.activities.seedActivities(seeds, { atMs: 0, by: 'system' })).toBe(false);
  });

  it('serves on server B a change saved through server A after one refresh, not before', async () => {
    schema = testSchema(url!);
    const [a, b] = [await schema.open(), await schema.open()];
    const options = (timers: CatalogTimers) => ({
      now: () => 0,
      warn: () => undefined,
      redirects: createRedirectPolicy({ siteOrigins: [] }),
      poll: true,
      timers,
      seed: () => [offer('portada', '<p>u</p>')],
    });
    const timersB = manualTimers();
    const catalogA = await openActivityCatalog(a.activities, options(manualTimers()));
    const catalogB = await openActivityCatalog(b.activities, options(timersB));
    expect(timersB.ms).toEqual([ACTIVITY_REFRESH_MS]);
    expect(catalogB.index().byId('portada')!.experiences[0]!.offer!.html).toBe('<p>u</p>');

    await catalogA.save(offer('portada', '<p>nova</p>'), { atMs: 2, by: 'anna@example.cat' });
    expect(catalogB.index().byId('portada')!.experiences[0]!.offer!.html).toBe('<p>u</p>');

    await timersB.fire();
    expect(catalogB.index().byId('portada')!.experiences[0]!.offer!.html).toBe('<p>nova</p>');
    // The seeds were saved once, by the first server to start.
    expect((await b.activities.activityHistory('portada')).map((change) => change.by)).toEqual(['anna@example.cat', 'system']);
  });
});

describe.skipIf(url === undefined)('the site content in PostgreSQL', () => {
  it('is seeded once by the first server and read back as it was given', async () => {
    schema = testSchema(url!);
    const [a, b] = [await schema.open(), await schema.open()];
    const seed = createSeedContent();
    expect(await a.loadContent(() => seed)).toEqual(seed);
    let seededAgain = false;
    expect(await b.loadContent(() => ((seededAgain = true), seed))).toEqual(seed);
    expect(seededAgain).toBe(false);
  });
});
