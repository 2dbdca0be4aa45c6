import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the `mesura-source` condition, so unit
// tests run against src/ without a build step.
const conditions = ['mesura-source', 'module', 'node', 'import', 'default'];
// Without 'import' on the server side: Vite adds it to ESM imports itself, and listed here it also
// applied to require() inside CommonJS packages, handing pg's require('pg-pool') the ESM wrapper
// ("Class extends value [object Module] is not a constructor").
const serverConditions = conditions.filter((condition) => condition !== 'import');

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: serverConditions, externalConditions: ['mesura-source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'server/test/**/*.test.ts', 'apps/*/test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // One worker per core, not Vitest's default of one fewer: on CI's two cores that default is a
    // single worker, and the server tests spend much of their time waiting (files, DuckDB, sockets),
    // so a second worker nearly doubles the throughput (12 server and package suites, 593 tests:
    // 455 s with one worker, 245 s with two, each test's own time 381 s → 403 s).
    maxWorkers: '100%',
  },
});
