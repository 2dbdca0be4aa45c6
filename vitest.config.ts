import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// Workspace packages export their TypeScript sources under the `mesura-source` condition, so unit
// tests run against src/ without a build step.
const conditions = ['mesura-source', 'module', 'node', 'import', 'default'];
// Without 'import' on the server side: Vite adds it to ESM imports itself, and listed here it also
// applied to require() inside CommonJS packages, handing pg's require of pg-pool the ESM wrapper
// ("Class extends value [object Module] is not a constructor").
const serverConditions = conditions.filter((condition) => condition !== 'import');

/**
 * The ClickHouse store's tests (and the reports' equivalence, and the move into a cluster) run a second time on a current
 * ClickHouse, the one chDB embeds (scripts/services/clickhouse-current.sh), when
 * MESURA_TEST_CLICKHOUSE_CURRENT names it (.ci/run sets it; under CI=true its absence fails them).
 * Run once: files that never reach a server (the URL, the collector's name, the reader's binding,
 * the 18.16 server's service script), and the media routes' test, the slowest (35-110 s on this
 * machine), whose statements clickhouse-media-reports, -media-sessions and -export run here.
 */
const currentClickHouse: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'clickhouse-current',
    include: ['server/test/**/clickhouse-*.test.ts', 'server/test/**/collector-clickhouse.test.ts', 'server/test/**/report-equivalence-clickhouse.test.ts', 'server/test/**/move-to-cluster.test.ts'],
    exclude: [
      'server/test/**/clickhouse-url.test.ts',
      'server/test/**/clickhouse-collector-name.test.ts',
      'server/test/**/clickhouse-analytics-reader.test.ts',
      'server/test/**/clickhouse-service-script.test.ts',
      'server/test/**/clickhouse-media-routes.test.ts',
    ],
    env: { MESURA_TEST_CLICKHOUSE: process.env.MESURA_TEST_CLICKHOUSE_CURRENT ?? '', MESURA_TEST_CLICKHOUSE_EMBEDDED: '1' },
  },
};
const runsOnCurrent = process.env.MESURA_TEST_CLICKHOUSE_CURRENT !== undefined || process.env.CI === 'true';

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: serverConditions, externalConditions: ['mesura-source'] } },
  test: {
    testTimeout: 20_000,
    // One worker per core, not Vitest's default of one fewer: on CI's two cores that default is a
    // single worker, and the server tests spend much of their time waiting (files, DuckDB, sockets),
    // so a second worker nearly doubles the throughput (12 server and package suites, 593 tests:
    // 455 s with one worker, 245 s with two, each test's own time 381 s → 403 s).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['packages/*/test/**/*.test.ts', 'server/test/**/*.test.ts', 'apps/*/test/**/*.test.{ts,tsx}', 'scripts/test/**/*.test.ts'] },
      },
      ...(runsOnCurrent ? [currentClickHouse] : []),
    ],
  },
});
