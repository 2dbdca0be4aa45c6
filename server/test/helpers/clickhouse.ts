import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it, type TestContext } from 'vitest';
import { createClickHouseTransport, type ClickHouseTransport } from '../../src/store/clickhouse/clickhouse-transport.js';
import { parseClickHouseUrl, type ClickHouseLocation } from '../../src/store/clickhouse/clickhouse-url.js';

/** The server the ClickHouse tests use: `clickhouse://default:@127.0.0.1:8123/mesura_test` (.ci/run sets it). */
const TEST_URL = process.env.MESURA_TEST_CLICKHOUSE;

/**
 * MESURA_TEST_CLICKHOUSE_EMBEDDED=1: the server is a current ClickHouse embedded by chDB behind an
 * HTTP adapter (scripts/services/clickhouse-current.sh; vitest.config.ts's project
 * `clickhouse-current` sets it), which lacks a few things a server has.
 */
export const CLICKHOUSE_EMBEDDED = process.env.MESURA_TEST_CLICKHOUSE_EMBEDDED === '1';

/**
 * Skips a test on the embedded engine only, naming the server feature it needs and chDB lacks
 * (scripts/services/chdb-server/README.md lists each); on a server it runs.
 */
export function skipOnEmbedded(context: TestContext, feature: string): void {
  context.skip(CLICKHOUSE_EMBEDDED, `needs ${feature}, which the chDB adapter does not have`);
}

/**
 * A describe block that needs a ClickHouse server. Without MESURA_TEST_CLICKHOUSE it fails under
 * CI=true (CI must test the engine) and is skipped elsewhere, saying how to run it.
 */
export function describeWithClickHouse(name: string, body: () => void): void {
  if (TEST_URL) {
    describe(name, body);
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it('has a ClickHouse server to test against', () => {
        throw new Error(
          CLICKHOUSE_EMBEDDED
            ? 'MESURA_TEST_CLICKHOUSE_CURRENT is unset: CI must start scripts/services/clickhouse-current.sh (.ci/run) and export it'
            : 'MESURA_TEST_CLICKHOUSE is unset: CI must start ClickHouse (.ci/run) and export it',
        );
      });
    });
  } else {
    describe.skip(`${name} (skipped: MESURA_TEST_CLICKHOUSE is unset; run scripts/services/clickhouse.sh start and set it)`, body);
  }
}

export interface TestDatabase {
  location: ClickHouseLocation;
  transport: ClickHouseTransport;
  /** Drops the database and closes the transport. */
  drop(): Promise<void>;
}

/** A database of its own for one test file (the test URL's name with a random suffix), not yet created. */
export function testDatabase(): TestDatabase {
  const base = parseClickHouseUrl(TEST_URL!, 'MESURA_TEST_CLICKHOUSE');
  const location = { ...base, database: `${base.database}_${randomBytes(6).toString('hex')}` };
  const transport = createClickHouseTransport(location);
  return {
    location,
    transport,
    async drop() {
      await transport.command(`DROP DATABASE IF EXISTS ${location.database}`);
      await transport.close();
    },
  };
}

/** Dropping a database of many parts while other test files load theirs: over Vitest's 10 s hook default on two busy cores. */
const DROP_DATABASE_TIMEOUT_MS = 60_000;

/**
 * Registers a testDatabase for the enclosing describe block (made before its tests, dropped after)
 * and returns its getter: describe bodies also run when skipped, so nothing connects until a test runs.
 */
export function useTestDatabase(): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(() => {
    db = testDatabase();
  });
  afterAll(() => db?.drop(), DROP_DATABASE_TIMEOUT_MS);
  return () => db!;
}
